"""The network screens' small parts: a field for any text, the loopback check, the player's name kept, the rules a
joined table is shown with."""

from __future__ import annotations

import contextlib
import ipaddress

from game.core.ruleset import Ruleset
from game.net.wire.protocol import clean_name
from game.rules.loader import RulesetError, builtin_ruleset_names, load_ruleset
from ui.settings.store import save_settings
from ui.stage.scene import Host
from ui.words.net import t


def is_loopback(bind: str) -> bool:
    """True for an address only this computer can reach (127.0.0.1, ::1, localhost)."""
    if bind == "localhost":
        return True
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return False


def given_name(host: Host) -> str:
    """The name last given at a network table (kept in the settings), else the language's word for a player."""
    return clean_name(host.settings.net_name) or t("default_name")


def keep_name(host: Host, name: str) -> None:
    """Remember the name given, for the next table, after a restart too (ui/settings/store.py)."""
    name = clean_name(name)
    if name and name != host.settings.net_name:
        host.settings.net_name = name
        save_settings(host.settings)


def table_rules(name: str, players: int) -> Ruleset:
    """The rules a joined table is shown with: its ruleset when it is one of ours and seats `players`; else the
    first of ours that seats as many (the host's own file is only ever a name here, never a path to read)."""
    names = builtin_ruleset_names()
    if name in names:
        with contextlib.suppress(RulesetError):
            rules = load_ruleset(name)
            if rules.players == players:
                return rules
    for other in ("guiyang-classic", *names):
        with contextlib.suppress(RulesetError):
            rules = load_ruleset(other)
            if rules.players == players:
                return rules
    return load_ruleset("guiyang-classic")
