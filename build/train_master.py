"""Train the master level's network on the expert's priced decisions, and write its weights to assets/ai.

    python main.py teach --out DATA --deals N --rollouts 64 --workers 2 --seed 1   # the records
    .venv-train/bin/python build/train_master.py DATA --deals N --seed 1          # the weights

PyTorch (CPU build, requirements-train.txt) trains; the game reads the weights in plain Python
(game.ai.learned.network), so neither PyTorch nor numpy goes into the game. The network prices each move
of a decision: its `price` head learns the expert's mean points for the move (mostly as the difference from
the decision's other moves, which is what the choice needs), its `value` head the points the seat ended the
hand with after the move it played. Decisions of every tenth deal are held out: the figures printed are
theirs. The same records, seed and thread count give the same weights.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai.learned.features import INPUTS, VERSION  # noqa: E402
from game.ai.learned.network import digest  # noqa: E402
from game.rules.loader import load_ruleset  # noqa: E402

HIDDEN = (192, 32)
HELD_OUT = 10  # every tenth deal
# Weights of the three parts of the loss: the moves' differences, their level, the hand's result.
W_DIFF, W_LEVEL, W_VALUE = 1.0, 0.1, 0.05


def read(folder: Path, deals: int) -> list[dict[str, Any]]:
    """The records of the shards of deals below `deals`; every one of them must be there."""
    out: list[dict[str, Any]] = []
    firsts = set()
    for path in sorted(folder.glob("*.jsonl.gz")):
        first = int(path.name.split("-")[-1].split(".")[0])
        if first >= deals:
            continue
        firsts.add(first)
        with gzip.open(path, "rt", encoding="utf-8") as f:
            out.extend(json.loads(line) for line in f)
    step = 8
    missing = [d for d in range(0, deals, step) if d not in firsts]
    if missing:
        raise SystemExit(f"{folder}: the shards of deals {missing[:5]}... are missing: run `main.py teach` to the end")
    return out


class Net(nn.Module):  # type: ignore[misc]  # torch is not installed where mypy runs
    """Two rectified layers and two heads, as game.ai.learned.network computes them."""

    def __init__(self) -> None:
        super().__init__()
        self.l1 = nn.Linear(INPUTS, HIDDEN[0])
        self.l2 = nn.Linear(HIDDEN[0], HIDDEN[1])
        self.price = nn.Linear(HIDDEN[1], 1)
        self.value = nn.Linear(HIDDEN[1], 1)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = torch.relu(self.l2(torch.relu(self.l1(x))))
        return self.price(h).squeeze(-1), self.value(h).squeeze(-1)


class Table:
    """The records as tensors: a row per move, and per row its decision."""

    def __init__(self, records: list[dict[str, Any]]) -> None:
        rows = sum(len(r["moves"]) for r in records)
        x = np.zeros((rows, INPUTS), dtype=np.float32)
        price = np.zeros(rows, dtype=np.float32)
        group = np.zeros(rows, dtype=np.int64)
        played = np.zeros(rows, dtype=bool)
        result = np.zeros(rows, dtype=np.float32)
        hard = np.zeros(rows, dtype=bool)
        row = 0
        for g, r in enumerate(records):
            table = np.asarray(r["table"], dtype=np.float64).reshape(-1, 2)
            n = len(r["moves"])
            x[row : row + n, table[:, 0].astype(np.int64)] = table[:, 1]
            for i, move in enumerate(r["moves"]):
                m = np.asarray(move, dtype=np.float64).reshape(-1, 2)
                x[row + i, m[:, 0].astype(np.int64)] = m[:, 1]
            price[row : row + n] = r["price"]
            group[row : row + n] = g
            played[row + r["played"]] = True
            hard[row] = True
            result[row : row + n] = r["result"]
            row += n
        self.x = torch.from_numpy(x)
        self.price = torch.from_numpy(price)
        self.group = torch.from_numpy(group)
        self.played = torch.from_numpy(played)
        self.hard = torch.from_numpy(hard)
        self.result = torch.from_numpy(result)
        self.groups = len(records)
        starts = np.zeros(len(records) + 1, dtype=np.int64)
        np.cumsum([len(r["moves"]) for r in records], out=starts[1:])
        self.starts = starts

    def rows_of(self, groups: np.ndarray) -> torch.Tensor:
        """The rows of some decisions."""
        return torch.from_numpy(np.concatenate([np.arange(self.starts[g], self.starts[g + 1]) for g in groups]))


def centred(values: torch.Tensor, group: torch.Tensor, groups: int) -> torch.Tensor:
    """Each value less the mean of its decision's."""
    sums = torch.zeros(groups).index_add_(0, group, values)
    counts = torch.zeros(groups).index_add_(0, group, torch.ones_like(values))
    return values - (sums / counts.clamp(min=1))[group]


def loss_of(net: Net, t: Table, rows: torch.Tensor) -> torch.Tensor:
    """The training loss over some rows (whole decisions)."""
    p, v = net(t.x[rows])
    group = torch.unique(t.group[rows], return_inverse=True)[1]
    n = int(group.max()) + 1
    target = t.price[rows]
    diff = nn.functional.huber_loss(centred(p, group, n), centred(target, group, n), delta=4.0)
    level = nn.functional.huber_loss(p, target, delta=8.0)
    mask = t.played[rows]
    value = nn.functional.huber_loss(v[mask], t.result[rows][mask], delta=8.0)
    return W_DIFF * diff + W_LEVEL * level + W_VALUE * value


def agreement(net: Net, t: Table) -> dict[str, float]:
    """Held-out figures: how often the network's best move is the expert's best-priced one, and hard's."""
    with torch.no_grad():
        p, _ = net(t.x)
    best_net = np.zeros(t.groups, dtype=np.int64)
    same_expert = same_played = hard_best = net_hard = 0
    regret = hard_regret = 0.0
    for g in range(t.groups):
        a, b = t.starts[g], t.starts[g + 1]
        pred = p[a:b].numpy()
        true = t.price[a:b].numpy()
        i = int(np.argmax(pred))
        best_net[g] = i
        same_expert += i == int(np.argmax(true))
        same_played += bool(t.played[a + i])
        net_hard += i == 0
        hard_best += int(np.argmax(true)) == 0
        regret += float(true.max() - true[i])
        hard_regret += float(true.max() - true[0])
    n = max(1, t.groups)
    return {
        "decisions": t.groups,
        "net_is_expert_best": same_expert / n,
        "net_is_played": same_played / n,
        "net_is_hard": net_hard / n,
        "hard_is_expert_best": hard_best / n,
        "net_points_below_best": regret / n,
        "hard_points_below_best": hard_regret / n,
    }


def train(records: list[dict[str, Any]], seed: int, epochs: int) -> tuple[Net, dict[str, Any], Table]:
    """Train on all but the held-out deals; the network, its figures and the held-out table."""
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    fit = Table([r for r in records if r["deal"] % HELD_OUT != HELD_OUT - 1])
    held = Table([r for r in records if r["deal"] % HELD_OUT == HELD_OUT - 1])
    net = Net()
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs)
    batch = 256
    start = time.monotonic()
    for epoch in range(epochs):
        net.train()
        order = rng.permutation(fit.groups)
        total = 0.0
        for k in range(0, len(order), batch):
            rows = fit.rows_of(order[k : k + batch])
            loss = loss_of(net, fit, rows)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * len(rows)
        sched.step()
        net.eval()
        with torch.no_grad():
            held_loss = float(loss_of(net, held, torch.arange(len(held.price))))
        print(f"epoch {epoch + 1}/{epochs}: fit {total / len(fit.price):.4f}, held out {held_loss:.4f}", flush=True)
    figures: dict[str, Any] = {"train_seconds": round(time.monotonic() - start, 1)}
    round_to_half(net)
    figures.update(agreement(net, held))
    return net, figures, held


def numbers_of(net: Net) -> np.ndarray:
    """The weights in game.ai.learned.network's order: w1 by input, b1, w2 by output, b2, each head's."""
    parts = [
        net.l1.weight.detach().numpy().T,
        net.l1.bias.detach().numpy(),
        net.l2.weight.detach().numpy(),
        net.l2.bias.detach().numpy(),
        net.price.weight.detach().numpy()[0],
        net.price.bias.detach().numpy(),
        net.value.weight.detach().numpy()[0],
        net.value.bias.detach().numpy(),
    ]
    return np.concatenate([np.ascontiguousarray(p, dtype="<f2").ravel() for p in parts])


def round_to_half(net: Net) -> None:
    """The network as the game reads it: every weight rounded to float16 (the figures and checks are of this one)."""
    with torch.no_grad():
        for param in net.parameters():
            param.copy_(param.half().float())


def checks(net: Net, records: list[dict[str, Any]], count: int = 6) -> list[dict[str, Any]]:
    """A few held-out decisions with the outputs training gives them, for the test that reads the weights."""
    out = []
    for r in records[:count]:
        x = torch.zeros(len(r["moves"]), INPUTS)
        for i, move in enumerate(r["moves"]):
            for idx, v in [*r["table"], *move]:
                x[i, idx] = v
        with torch.no_grad():
            p, v = net(x)
        out.append({"table": r["table"], "moves": r["moves"], "price": p.tolist(), "value": v.tolist()})
    return out


def main() -> int:
    """Train and write assets/ai/master.json and master.bin."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", type=Path, help="the folder `main.py teach` wrote")
    ap.add_argument("--deals", type=int, required=True, help="use the deals below this (all must be there)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--out", type=Path, default=ROOT / "assets" / "ai" / "master.json")
    args = ap.parse_args()
    torch.set_num_threads(2)
    torch.use_deterministic_algorithms(True)
    records = read(args.data, args.deals)
    print(f"{len(records)} decisions, {sum(len(r['moves']) for r in records)} moves", flush=True)
    net, figures, _ = train(records, args.seed, args.epochs)
    print(json.dumps(figures, indent=1))
    data = numbers_of(net).tobytes()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.with_suffix(".bin").write_bytes(data)
    held = [r for r in records if r["deal"] % HELD_OUT == HELD_OUT - 1]
    meta = {
        "name": "master",
        "features": VERSION,
        "inputs": INPUTS,
        "hidden": list(HIDDEN),
        "players": sorted({load_ruleset(name).players for name in {r["ruleset"] for r in records}}),
        "parameters": int(len(data) // 2),
        "sha256": digest(data),
        "command": f"python build/train_master.py DATA --deals {args.deals} --seed {args.seed} --epochs {args.epochs}",
        "data": {
            "command": f"python main.py teach --out DATA --deals {args.deals} --rollouts 64 --workers 2 --seed 1",
            "decisions": len(records),
            "moves": sum(len(r["moves"]) for r in records),
        },
        "torch": torch.__version__,
        "figures": figures,
        "checks": checks(net, held),
    }
    args.out.write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} and {args.out.with_suffix('.bin').name}: {meta['parameters']} numbers")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
