"""A table over TLS (wss://) with a self-signed certificate made for the test, on 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.net.client.connection import NetClient
from game.net.host.table import NetTable
from game.net.wire.tls import server_context
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, LOOPBACK, config, open_host, play_all, run, simple_factory

RULES = load_ruleset("guiyang-classic")
ROOT = Path(__file__).resolve().parent.parent


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and localhost and its key, made by the openssl command (skips without it)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("neither the cryptography package nor the openssl command is here to make a test certificate")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
         "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


def test_a_match_plays_over_wss_with_a_trusted_self_signed_certificate(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)

    async def scenario() -> None:
        table = NetTable(RULES, "tls", config(1, "human,human,ai,ai"), simple_factory)
        _server, url, task = await open_host(table, tls=server_context(cert, key))
        wss = url.replace("ws://", "wss://")
        clients = [NetClient(wss, CODE, name=f"p{k}", cafile=cert) for k in range(2)]
        for c in clients:
            await c.connect()
        await play_all(clients)
        await task
        assert all(c.state.over is not None and c.state.over.hands == 1 for c in clients)

    run(scenario, 60)


def test_a_client_that_does_not_trust_the_certificate_cannot_join(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)

    async def scenario() -> None:
        table = NetTable(RULES, "tls", config(1, "human,human,ai,ai"), simple_factory)
        server, url, task = await open_host(table, tls=server_context(cert, key))
        stranger = NetClient(url.replace("ws://", "wss://"), CODE, name="x")
        with pytest.raises(OSError, match="certificate"):
            await stranger.connect()
        plain = NetClient(url, CODE, name="y")
        with pytest.raises(OSError):
            await plain.connect()  # a plain ws:// hello to a TLS port reads as nothing
        assert all(s.holder is None for s in table.seats)
        server.stop()
        await task

    run(scenario, 30)


def test_the_headless_host_with_cert_and_key_is_joined_by_wss_with_cafile(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    env = {**os.environ, "GUIYANG_MAHJONG_HOME": str(tmp_path)}

    async def scenario() -> None:
        host = await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "main.py"), "host", "--headless", "--bind", LOOPBACK, "--port", "0",
            "--code", CODE, "--hands", "1", "--seats", "human,ai,ai,ai", "--seed", "tls-cli",
            "--save", str(tmp_path / "h.save.json"), "--cert", str(cert), "--key", str(key), "--claim-beat", "0",
            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        assert host.stdout is not None
        line = (await asyncio.wait_for(host.stdout.readline(), 30)).decode()
        assert f"wss://{LOOPBACK}:" in line, line
        url = "wss://" + line.split("wss://")[1].split()[0]
        join = await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "main.py"), "join", url, "--code", CODE, "--autoplay", "--cafile", str(cert),
            "--quiet", cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        out, err = await asyncio.wait_for(join.communicate(), 60)
        assert join.returncode == 0, err.decode()
        assert b"match over after 1 hand;" in out
        assert await asyncio.wait_for(host.wait(), 30) == 0

    run(scenario, 120)
