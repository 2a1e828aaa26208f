"""A window closed while it hosts a table: the process ends with the host's thread still serving, and the host's
last save is written on the way out (the save is how the match is resumed), with no error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The windowed host's thread serving a table of four AIs, the match started, and the process left at once: the
# first save falls due while the process ends, when no thread can be started to write it from.
SCRIPT = """
import atexit, sys
from pathlib import Path
from game.net.client.thread import HostThread
from game.net.host.server import HostServer
from game.net.host.table import NetTable
from game.records.savefile import loads
from game.rules.loader import load_ruleset
from tests.net_rig import config, simple_factory

save = Path(sys.argv[1])
table = NetTable(load_ruleset("guiyang-classic"), "exit", config(3, "ai,ai,ai,ai"), simple_factory)

def check():  # registered first, so it runs after the host's own stop at exit
    kept = loads(save.read_text(encoding="utf-8")) if save.exists() else None
    live = table.save_data()
    same = kept is not None and [h.actions for h in kept.hands] == [h.actions for h in live.hands]
    print("kept", same, len(live.hands))

atexit.register(check)
hosting = HostThread(HostServer(table, "127.0.0.1", 0, save, None, linger=0.05))
assert hosting.start() is not None
hosting.start_match()
"""


def test_a_host_closed_at_once_writes_its_last_save_on_the_way_out(tmp_path: Path) -> None:
    save = tmp_path / "host.save.json"
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(save)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert proc.stdout.startswith("kept True"), (proc.stdout, proc.stderr[-2000:])
