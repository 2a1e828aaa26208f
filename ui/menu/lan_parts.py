"""The network screens' small parts: a field for any text, the loopback check, the player's name kept."""

from __future__ import annotations

import ipaddress

from game.net.wire.protocol import clean_name
from ui.kit.widgets import TextField
from ui.settings.store import save_settings
from ui.stage.scene import Host
from ui.words.net import t


class FreeText(TextField):
    """A text field that takes any printable character (names in Chinese, addresses with . and :)."""

    def text(self, text: str) -> bool:
        typed = "".join(c for c in text if c.isprintable())
        if not typed:
            return False
        self.set((self.get() + typed)[: self.limit])
        return True


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
