"""`python main.py host --headless ...` and `join URL --autoplay | --watch`: network tables without a screen.

The host prints the address to join and the room code, runs the match as its referee, keeps
its save and replay log, and exits 0 when the last hand is settled. A host that was stopped
(or killed) picks its match up again from its save on the next start with the same --save.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.cli.common import DEFAULT_RULESET, add_ruleset_argument, ruleset_or_exit, seat_number
from game.cli.host_save import resume_conflicts, resume_host_save
from game.core.ruleset import Ruleset
from game.match.length import MatchLength
from game.net.host.address import table_urls
from game.net.host.table import NetTable, SeatPlan, TableConfig, length_text
from game.net.host.table_config import DEFAULT_CLAIM_BEAT, DEFAULT_TURN_TIMER, seat_count_error
from game.net.wire import protocol as P
from game.net.wire.limits import DoorLimits
from game.net.wire.roomcode import ALPHABET, CODE_LENGTH, new_code, normalize_code, valid_code

if TYPE_CHECKING:
    import ssl

    from game.net.client.connection import NetClient
    from game.net.host.server import HostServer

HOST_SAVE_NAME = "lan-host.save.json"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `host` and `join` commands."""
    h = sub.add_parser("host", help="host a table on the network (headless with --headless)")
    h.add_argument("--headless", action="store_true", help="run the table without a window, in this terminal")
    h.add_argument("--port", type=int, default=7530, help="port to listen on (0: any free port; default 7530)")
    h.add_argument("--bind", default="0.0.0.0", help="address to listen on (default every address)")
    h.add_argument("--code", help=f"the room code players must give: {CODE_LENGTH} of {ALPHABET} (default: random)")
    h.add_argument(
        "--seats",
        help="one of human, ai, ai:LEVEL for each of the ruleset's players, separated by commas "
        "(four; three at sandingguai, two at erding-liangfang; default every seat human)",
    )
    length = h.add_mutually_exclusive_group()
    length.add_argument("--hands", type=int, help="the match lasts this many hands (default 8)")
    length.add_argument(
        "--rounds",
        type=int,
        help="the match lasts this many rounds (圈: every seat deals once, as the rules pass the deal)",
    )
    add_ruleset_argument(h)
    h.set_defaults(ruleset=None)  # given or not tells whether it is a new match's: a saved one has its own
    h.add_argument("--seed", help="the match seed (default: random)")
    h.add_argument("--name", default="贵阳捉鸡", help="the table's name as the join screen lists it")
    h.add_argument(
        "--turn-timer",
        type=float,
        default=DEFAULT_TURN_TIMER,
        help=f"seconds a person has for each move; twice out in a row and the AI plays the seat (托管) until they "
        f"act (default {DEFAULT_TURN_TIMER:g}; 0: no clock)",
    )
    h.add_argument(
        "--claim-beat",
        type=float,
        default=DEFAULT_CLAIM_BEAT,
        help=f"seconds every discard waits for answers, claim or no claim, so a pause tells no one that a seat "
        f"could claim (default {DEFAULT_CLAIM_BEAT:g}; 0: off)",
    )
    h.add_argument("--drop-wait", type=float, default=60.0, help="seconds to wait for a dropped player (default 60)")
    h.add_argument("--next-hand-wait", type=float, default=30.0, help="longest wait for everyone between hands")
    h.add_argument("--fill-level", default="normal", help="AI level for empty or dropped seats (default normal)")
    h.add_argument("--no-chat", action="store_true", help="turn the quick phrases off")
    h.add_argument("--rate", type=float, default=20.0, help="messages a second a client may send (default 20)")
    door = DoorLimits()
    h.add_argument("--hello-deadline", type=float, default=door.hello_deadline, help="seconds to say hello (default 5)")
    h.add_argument("--max-waiting", type=int, default=door.max_waiting, help="connections not yet joined (default 16)")
    h.add_argument("--save", type=Path, help=f"the host's save (default: the saves folder's {HOST_SAVE_NAME})")
    h.add_argument("--fresh", action="store_true", help="start a new match even if the save holds one")
    h.add_argument("--no-replays", action="store_true", help="do not keep the hands in the replay log")
    h.add_argument("--cert", type=Path, help="serve wss:// (TLS) with this certificate (PEM, the full chain)")
    h.add_argument("--key", type=Path, help="the certificate's private key (PEM), with --cert")
    h.add_argument("--announce", action="store_true", help="announce the table on the local network (mDNS)")
    h.add_argument("--quiet", action="store_true", help="print only the address and the result")
    h.set_defaults(func=run_host)

    j = sub.add_parser("join", help="join a network table (headless with --autoplay or --watch)")
    j.add_argument("url", help="the table's address, ws://HOST:PORT (or wss://HOST:PORT for a host with TLS)")
    j.add_argument("--cafile", type=Path, help="trust only this certificate (PEM) for wss://: a self-signed host's own")
    j.add_argument("--code", required=True, type=room_code, help="the room code (any case; spaces and dashes ignored)")
    j.add_argument("--name", default="", help="your name at the table")
    j.add_argument("--seat", type=seat_number, help="ask for this seat (0-3)")
    j.add_argument("--token", help="rejoin the seat this token holds")
    j.add_argument("--token-file", type=Path, help="keep the seat's token in this file, and rejoin with it if present")
    j.add_argument("--autoplay", action="store_true", help="play the seat with the AI")
    j.add_argument("--level", default="normal", help="the AI level for --autoplay (default normal)")
    j.add_argument("--watch", action="store_true", help="watch the table: public information only")
    j.add_argument("--reconnect-for", type=float, default=60.0, help="seconds to keep trying after a drop")
    j.add_argument("--quiet", action="store_true", help="print only the result")
    j.set_defaults(func=run_join)
    register_bench(sub)


# ---------------------------------------------------------------------- host


def _config(args: argparse.Namespace, rules: Ruleset) -> TableConfig | str:
    given = args.seats if args.seats is not None else ",".join(["human"] * rules.players)
    parts = [p for p in str(given).split(",") if p.strip()]
    if len(parts) != rules.players:
        return f"--seats: {seat_count_error(rules, len(parts))}: give one seat for each, separated by commas"
    try:
        seats = [SeatPlan.parse(p) for p in parts]
        SeatPlan.parse(f"ai:{args.fill_level}")
    except ValueError as exc:
        return f"--seats: {exc}"
    if args.rounds is not None:
        if args.rounds < 1:
            return "--rounds: at least one round"
        length = MatchLength("rounds", args.rounds)
    else:
        hands = 8 if args.hands is None else args.hands
        if hands < 1:
            return "--hands: at least one hand"
        length = MatchLength("hands", hands)
    code = normalize_code(args.code) if args.code is not None else new_code()
    if not valid_code(code):
        return f"--code: {CODE_LENGTH} characters from {ALPHABET}"
    if args.turn_timer < 0:
        return "--turn-timer: a number of seconds (0: no clock)"
    if args.drop_wait < 0 or args.next_hand_wait < 0 or args.rate <= 0 or not 0 <= args.claim_beat <= 5:
        return "--drop-wait, --next-hand-wait and --rate cannot be negative; --claim-beat is 0 to 5 seconds"
    return TableConfig(
        code=code,
        seats=seats,
        length=length,
        room=P.clean_name(args.name) or "贵阳捉鸡",
        turn_timer=args.turn_timer or None,
        claim_beat=args.claim_beat,
        drop_wait=args.drop_wait,
        chat=not args.no_chat,
        next_hand_wait=args.next_hand_wait,
        fill_level=args.fill_level,
        rate=args.rate,
        burst=max(2.0, args.rate * 2),
    )


def _save_path(args: argparse.Namespace) -> Path:
    if args.save is not None:
        return Path(args.save)
    from game.files.userdirs import user_dirs

    return user_dirs().ensure("saves") / HOST_SAVE_NAME


def run_host(args: argparse.Namespace) -> int:
    """Run a table until its match is over; exit 0, or 2 on bad options."""
    if not args.headless:
        # main.py sends the windowed host to the client (ui/entry/net_cli.py); here only the headless one runs.
        print(
            "host: the table runs in this terminal with --headless; the game's menu hosts with a window",
            file=sys.stderr,
        )
        return 2
    if args.hello_deadline <= 0 or args.max_waiting < 1:
        print("host: --hello-deadline is above 0 seconds and --max-waiting at least 1", file=sys.stderr)
        return 2
    if (args.cert is None) != (args.key is None):
        print("host: --cert and --key go together (the certificate and its private key)", file=sys.stderr)
        return 2
    tls = None
    if args.cert is not None:
        import ssl

        from game.net.wire.tls import server_context

        try:
            tls = server_context(args.cert, args.key)
        except (OSError, ssl.SSLError) as exc:
            print(f"host: cannot use the certificate {args.cert} and key {args.key}: {exc}", file=sys.stderr)
            return 2
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, format="%(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # its own "connection open" lines say nothing new
    try:
        path = _save_path(args)
    except OSError as exc:
        print(f"host: {exc}", file=sys.stderr)
        return 2
    resumed = None if args.fresh else resume_host_save(path)
    if resumed is not None:
        table, rules = resumed
        conflicts = resume_conflicts(args, _config(args, rules), table)
        if conflicts:
            print(
                f"host: {path} holds a match to resume (hand {table.match.hand_no}, "
                f"{length_text(table.config.length)}), and the options given are for a new one: "
                f"{'; '.join(conflicts)}. Add --fresh to start the new match (the save is then replaced), "
                "or leave those options out to resume it",
                file=sys.stderr,
            )
            return 2
        if not args.quiet:
            print(f"resuming the match in {path}: hand {table.match.hand_no}, {length_text(table.config.length)}")
    else:
        loaded = ruleset_or_exit(args.ruleset or DEFAULT_RULESET)
        if loaded is None:
            return 2
        rules = loaded
        config = _config(args, rules)
        if isinstance(config, str):
            print(f"host: {config}", file=sys.stderr)
            return 2
        from game.net.host.hosting import new_table

        table = new_table(rules, config, args.seed)
    return asyncio.run(_serve(table, rules, args, path, tls))


async def _serve(
    table: NetTable, rules: Ruleset, args: argparse.Namespace, path: Path, tls: ssl.SSLContext | None = None
) -> int:
    from game.net.host.hosting import host_server, open_seats

    door = DoorLimits(args.hello_deadline, args.max_waiting)
    server = host_server(table, args.bind, args.port, path, replays=not args.no_replays, door=door, tls=tls)
    announcer = None

    def ready(port: int) -> None:
        nonlocal announcer
        urls = table_urls(args.bind, port)
        if tls is not None:
            urls = ["wss://" + u.removeprefix("ws://") for u in urls]
        print(f"table {table.config.room!r} open at {' '.join(urls)}  code {table.config.code}", flush=True)
        if not args.quiet:
            seats = ", ".join(p.word() for p in table.config.seats)
            print(f"  {rules.name}, {length_text(table.config.length)}, seats {seats}; save {path}", flush=True)
            print("  it starts when every person's seat is taken; type `start` to start now with the AI", flush=True)
        if args.announce:
            from game.net.wire.discovery import Announcer, service_info

            hosts = [u.split("//")[1].rsplit(":", 1)[0] for u in urls]
            free = open_seats(table)  # the headless host holds no seat of its own
            try:
                info = service_info(table.config.room, port, hosts, rules.name, free, players=rules.players)
                announcer = Announcer(info)
                announcer.start()
                server.follow_free_seats(announcer.follow)  # seats taken and left change what is announced
            except OSError as exc:
                print(f"  not announced on the network ({exc}); players can type the address", flush=True)
                announcer = None

    commands = _listen_for_start(server, args.quiet)
    try:
        await server.run(ready)
    except OSError as exc:
        print(f"host: cannot open port {args.port} on {args.bind}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    finally:
        commands()
        if announcer is not None:
            announcer.stop()
    if table.over:
        played = length_text(MatchLength("rounds", table.progress.rounds)) if table.progress.rounds else ""
        rounds = f" ({played})" if table.config.length.kind == "rounds" else ""
        hands = length_text(MatchLength("hands", table.hands_done))
        print(f"match over after {hands}{rounds}; scores {list(table.match.scores)}", flush=True)
        path.unlink(missing_ok=True)  # a finished match is not resumed; its hands are in the replay log
        return 0
    return 0


def _listen_for_start(server: HostServer, quiet: bool) -> Callable[[], None]:
    """`start` typed at the host's terminal, or SIGUSR1 (a host run as a service), starts the match; returns undo."""
    import contextlib
    import signal

    loop = asyncio.get_running_loop()
    undo: list[Callable[[], object]] = []

    def go() -> None:
        if not server.table.started and not quiet:
            print("starting: the AI plays the seats whose people are not here", flush=True)
        server.start_match()

    def line() -> None:
        text = sys.stdin.readline()
        if not text:
            loop.remove_reader(sys.stdin.fileno())  # the end of the input: no more commands
        elif text.strip().lower() == "start":
            go()
        elif text.strip():
            print("host: the one command here is `start`", file=sys.stderr, flush=True)

    # Not every stdin can be watched (a regular file, none at all) and not every platform has SIGUSR1.
    with contextlib.suppress(OSError, ValueError, AttributeError, NotImplementedError, PermissionError):
        loop.add_reader(sys.stdin.fileno(), line)
        undo.append(lambda: loop.remove_reader(sys.stdin.fileno()))
    with contextlib.suppress(OSError, ValueError, AttributeError, NotImplementedError, RuntimeError):
        loop.add_signal_handler(signal.SIGUSR1, go)
        undo.append(lambda: loop.remove_signal_handler(signal.SIGUSR1))

    def done() -> None:
        for fn in undo:
            with contextlib.suppress(OSError, ValueError, RuntimeError):
                fn()

    return done


# ---------------------------------------------------------------------- join


def room_code(text: str) -> str:
    """argparse's type for --code: the code in the wire's form, or an error saying what a code looks like."""
    code = normalize_code(text)
    if not valid_code(code):
        raise argparse.ArgumentTypeError(f"a room code is {CODE_LENGTH} characters from {ALPHABET}")
    return code


def run_join(args: argparse.Namespace) -> int:
    """Play a seat with the AI, or watch; exit 0 at the end of the match, 2 when refused or unreachable."""
    if not (args.autoplay or args.watch):
        print(
            "join: here a seat is played with --autoplay or watched with --watch; the game's menu joins",
            file=sys.stderr,
        )
        return 2
    if args.autoplay and args.watch:
        print("join: --autoplay plays a seat and --watch sits at none; choose one", file=sys.stderr)
        return 2
    if not (args.url.startswith("ws://") or args.url.startswith("wss://")):
        print(f"join: {args.url!r} is not a table address; it looks like ws://HOST:PORT", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    return asyncio.run(_join(args))


async def _join(args: argparse.Namespace) -> int:
    from game.net.client.connection import JoinRefused, NetClient, autoplay

    token = args.token
    if token is None and args.token_file is not None and args.token_file.is_file():
        token = args.token_file.read_text(encoding="utf-8").strip() or None
    try:
        client = NetClient(
            args.url,
            args.code,
            name=args.name or ("观众" if args.watch else "AI"),
            watch=args.watch,
            seat=args.seat,
            token=token,
            reconnect_for=args.reconnect_for,
            cafile=args.cafile,
        )
    except OSError as exc:  # the CA file cannot be read, or holds no certificate
        print(f"join: --cafile {args.cafile}: {exc}", file=sys.stderr)
        return 2

    def say(text: str) -> None:
        if not args.quiet:
            print(text, flush=True)

    try:
        welcome = await client.connect()
    except JoinRefused as exc:
        print(f"join: refused: {exc.reason}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"join: cannot reach {args.url}: {exc}", file=sys.stderr)
        return 2
    if args.token_file is not None and welcome.token is not None:
        from game.files.safe_files import write_text_atomic

        write_text_atomic(args.token_file, welcome.token + "\n")
    where = "watching" if welcome.seat is None else f"seat {welcome.seat}"
    lasts = length_text(MatchLength(welcome.length.kind, welcome.length.n))
    say(f"joined {welcome.room!r} ({welcome.ruleset}, {lasts}): {where}")

    def show(msg: P.HostMessage) -> None:
        if isinstance(msg, P.Settled):
            say(f"hand {msg.hand}: nets {msg.nets}, scores {msg.scores}")
        elif isinstance(msg, P.Error):
            say(f"the host refused a message: {msg.reason}")

    try:
        if args.watch:
            await client.run(show)
        else:
            rules = ruleset_or_exit(welcome.ruleset)
            from game.ai import UnknownLevel, make_agent

            try:
                agent = make_agent(args.level, f"{welcome.seat}:{args.name}", rules)
            except UnknownLevel as exc:
                print(f"join: {exc}", file=sys.stderr)
                await client.close()
                return 2
            await autoplay(client, agent, show)
    except JoinRefused as exc:
        print(f"join: refused: {exc.reason}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"join: {exc}", file=sys.stderr)
        return 2
    over = client.state.over
    if over is None:
        print("join: the table closed before the match was over", file=sys.stderr)
        return 1
    print(f"match over after {length_text(MatchLength('hands', over.hands))}; scores {over.scores}", flush=True)
    return 0


# ---------------------------------------------------------------------- benchmark


def register_bench(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `bench-lan`."""
    b = sub.add_parser("bench-lan", help="latency of a move to every client over loopback, and the host's CPU")
    b.add_argument("--hands", type=int, default=12, help="hands to play (default 12)")
    b.add_argument("--seed", default="bench", help="the match seed")
    b.add_argument(
        "--claim-beat",
        type=float,
        default=0.0,
        help="the host's answering beat (default 0: the bench measures the host and the wire, not the beat)",
    )
    b.set_defaults(func=run_bench)


def run_bench(args: argparse.Namespace) -> int:
    """Host in its own process, four clients here, all on 127.0.0.1; prints medians and p99."""
    return asyncio.run(_bench(args))


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process (Linux /proc), or None where that cannot be read."""
    import os

    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


async def _bench(args: argparse.Namespace) -> int:
    import os
    import re
    import tempfile
    import time

    from game.match.agents import SimpleAgent
    from game.net.client.connection import NetClient, autoplay

    code = "BENCH2"
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "GUIYANG_MAHJONG_HOME": tmp}
        main_py = Path(__file__).resolve().parent.parent.parent / "main.py"
        proc = await asyncio.create_subprocess_exec(
            sys.executable, str(main_py), "host", "--headless", "--bind", "127.0.0.1", "--port", "0",
            "--code", code, "--hands", str(args.hands), "--seed", args.seed, "--next-hand-wait", "0",
            "--claim-beat", str(args.claim_beat),
            "--save", str(Path(tmp) / "bench.save.json"), "--quiet",
            env=env, stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert proc.stdout is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        found = re.search(r"ws://127\.0\.0\.1:(\d+)", line)
        if found is None:
            print(f"bench-lan: the host did not start: {line}", file=sys.stderr)
            return 2
        url = f"ws://127.0.0.1:{found.group(1)}"

        sends: list[float] = []
        arrivals: dict[int, list[float]] = {}

        def listener(msg: P.HostMessage) -> None:
            if isinstance(msg, P.Events) and msg.events:
                arrivals.setdefault(msg.first, []).append(time.perf_counter())

        clients = [NetClient(url, code, name=f"bench{k}") for k in range(4)]
        for c in clients:
            await c.connect()
            real_send = c.send

            async def timed_send(m: P.Message, real_send: Any = real_send) -> None:
                sends.append(time.perf_counter())
                await real_send(m)

            c.send = timed_send  # type: ignore[method-assign,assignment]
        pings = await _ping_times(clients[0])
        sends.clear()
        cpu0, wall0 = _cpu_seconds(proc.pid), time.perf_counter()
        await asyncio.gather(*(autoplay(c, SimpleAgent(), listener) for c in clients))
        cpu1, wall1 = _cpu_seconds(proc.pid), time.perf_counter()
        await proc.wait()

    _print_bench(args.hands, _move_ms(sends, arrivals), pings, (cpu0, wall0), (cpu1, wall1))
    return 0


async def _ping_times(client: NetClient) -> list[float]:
    """The transport's floor: forty pings' round trips, measured as the moves are."""
    import time

    pings = []
    for n in range(40):
        await asyncio.sleep(0.06)  # within the host's rate limit
        t0 = time.perf_counter()
        await client.send(P.Ping(n))
        while not isinstance(await client.next_message(), P.Pong):
            pass
        pings.append(time.perf_counter() - t0)
    return pings


def _move_ms(sends: list[float], arrivals: dict[int, list[float]]) -> list[float]:
    """Milliseconds from each move sent to its events reaching the last of the four clients, sorted."""
    import bisect

    sends.sort()
    lat: list[float] = []
    for times in arrivals.values():
        if len(times) != 4:
            continue
        i = bisect.bisect_left(sends, min(times)) - 1
        if i >= 0:
            lat.append(max(times) - sends[i])
    lat.sort()
    return [x * 1000 for x in lat]


def _print_bench(
    hands: int, ms: list[float], pings: list[float], start: tuple[float | None, float], end: tuple[float | None, float]
) -> None:
    """The bench-lan report: move latency, the ping floor and the host's CPU (start and end: CPU and wall)."""
    import statistics

    (cpu0, wall0), (cpu1, wall1) = start, end
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"{hands} hands, {len(ms)} moves answered over loopback by four clients")
    print(
        f"move -> every client's events: median {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms, max {ms[-1]:.2f} ms"
    )
    print(f"ping round trip (the transport alone): median {statistics.median(pings) * 1000:.2f} ms")
    if cpu0 is not None and cpu1 is not None:
        busy = (cpu1 - cpu0) / (wall1 - wall0)
        print(
            f"host CPU while four play: {busy * 100:.1f}% of one core, {(cpu1 - cpu0) / len(ms) * 1000:.2f} ms a move"
        )
