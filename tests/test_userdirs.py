"""The player's folders (game/files/userdirs.py) and the player's own rulesets beside the built-in ones
(game/rules/user.py, docs/rules.md §11 rulesets shipped as YAML and §13 values offered for user rulesets):
saves and settings never go next to the program, and a broken ruleset file is listed with its errors,
never raised."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

import game.rules.user as user_rulesets
import main
from game.files.userdirs import APP_NAME, HOME_ENV, UserDirError, user_dirs
from game.rules.loader import RULESETS_DIR, builtin_ruleset_names, load_ruleset
from game.rules.user import MAX_RULESET_BYTES, copy_builtin, list_rulesets, user_ruleset_files

ROOT = Path(__file__).resolve().parent.parent
XDG_VARS = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")


@pytest.fixture
def rulesets_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "rulesets"
    folder.mkdir()
    return folder


def _copy_builtin(name: str, dest: Path) -> Path:
    shutil.copyfile(RULESETS_DIR / f"{name}.yaml", dest)
    return dest


# Folders -------------------------------------------------------------------------------------------


def test_home_puts_every_folder_inside_it(tmp_path: Path) -> None:
    dirs = user_dirs(tmp_path / "portable")
    assert dirs.as_dict() == {
        "settings": tmp_path / "portable" / "settings",
        "saves": tmp_path / "portable" / "saves",
        "logs": tmp_path / "portable" / "logs",
        "rulesets": tmp_path / "portable" / "rulesets",
    }
    assert dirs.settings_file == tmp_path / "portable" / "settings" / "settings.json"


def test_home_environment_variable_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    assert user_dirs().saves == tmp_path / "saves"
    monkeypatch.setenv(HOME_ENV, "")  # set but empty: the platform's places
    from_platform = user_dirs()
    monkeypatch.delenv(HOME_ENV)
    assert from_platform == user_dirs()
    assert from_platform.saves != tmp_path / "saves"


def test_relative_home_is_made_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert user_dirs("here").rulesets == tmp_path / "here" / "rulesets"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are Linux's")
def test_linux_folders_follow_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HOME_ENV, raising=False)
    for var in XDG_VARS:
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    dirs = user_dirs()
    assert dirs.settings == tmp_path / "xdg_config_home" / APP_NAME
    assert dirs.saves == tmp_path / "xdg_data_home" / APP_NAME / "saves"
    assert dirs.rulesets == tmp_path / "xdg_data_home" / APP_NAME / "rulesets"
    assert dirs.logs.is_relative_to(tmp_path / "xdg_state_home" / APP_NAME)


def test_default_folders_are_not_next_to_the_program(monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves and settings go to the platform's per-user places, never into the source tree or bundle."""
    monkeypatch.delenv(HOME_ENV, raising=False)
    for path in user_dirs().as_dict().values():
        assert path.is_absolute()
        assert not path.is_relative_to(ROOT), path
        assert APP_NAME in path.parts, path


def test_ensure_creates_the_folder(tmp_path: Path) -> None:
    dirs = user_dirs(tmp_path)
    assert not dirs.saves.exists()
    assert dirs.ensure("saves") == dirs.saves
    assert dirs.saves.is_dir()
    assert dirs.ensure("saves") == dirs.saves  # a second time is fine


def test_ensure_reports_a_folder_it_cannot_create(tmp_path: Path) -> None:
    (tmp_path / "logs").write_text("a file where the folder should be", encoding="utf-8")
    with pytest.raises(UserDirError, match=r"cannot create the logs folder .*logs"):
        user_dirs(tmp_path).ensure("logs")


def test_ensure_names_the_folders_it_knows(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="settings, saves, logs, rulesets"):
        user_dirs(tmp_path).ensure("music")


# The player's rulesets -------------------------------------------------------------------------------


def test_builtin_rulesets_come_first_and_all_load(rulesets_dir: Path) -> None:
    catalogue = list_rulesets(rulesets_dir)
    assert [e.name for e in catalogue.entries] == builtin_ruleset_names()
    assert all(e.ok and e.source == "builtin" for e in catalogue.entries)
    assert catalogue.broken() == []
    assert catalogue.folder_error is None
    assert catalogue.find("guiyang-classic") is not None


def test_missing_folder_lists_only_the_builtin_ones(tmp_path: Path) -> None:
    catalogue = list_rulesets(tmp_path / "not-there")
    assert len(catalogue.entries) == len(builtin_ruleset_names())
    assert catalogue.folder_error is None


def test_a_players_ruleset_is_listed_beside_the_builtin_ones(rulesets_dir: Path) -> None:
    path = _copy_builtin("yiwushi", rulesets_dir / "house-rules.yaml")
    catalogue = list_rulesets(rulesets_dir)
    mine = catalogue.entries[-1]
    assert (mine.name, mine.source, mine.ok, mine.errors) == ("house-rules", "user", True, ())
    assert mine.path == path
    assert mine.ruleset is not None and mine.ruleset.name == "house-rules"
    # The ref chooses it again, through the ordinary loader.
    assert load_ruleset(mine.ref).patterns == load_ruleset("yiwushi").patterns
    assert catalogue.find(mine.ref) == mine


def test_a_players_file_named_like_a_builtin_one_is_kept_apart(rulesets_dir: Path) -> None:
    _copy_builtin("yiwushi", rulesets_dir / "guiyang-classic.yaml")
    catalogue = list_rulesets(rulesets_dir)
    same_name = [e for e in catalogue.entries if e.name == "guiyang-classic"]
    assert [e.source for e in same_name] == ["builtin", "user"]
    assert same_name[0].ref != same_name[1].ref
    assert same_name[1].ruleset is not None and same_name[1].ruleset.title_en == load_ruleset("yiwushi").title_en


def test_broken_ruleset_is_listed_with_its_error_lines(rulesets_dir: Path) -> None:
    """A wrong type is reported as file:line:col: field.path: message, and the others still load."""
    text = _copy_builtin("guiyang-classic", rulesets_dir / "mine.yaml").read_text(encoding="utf-8")
    lines = text.splitlines()
    base_line = next(i for i, line in enumerate(lines) if line.startswith("base:"))
    lines[base_line] = "base: lots"
    (rulesets_dir / "bad-base.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    catalogue = list_rulesets(rulesets_dir)
    assert [e.name for e in catalogue.broken()] == ["bad-base"]
    (broken,) = catalogue.broken()
    assert broken.ruleset is None and not broken.ok
    assert broken.errors == (
        f"{rulesets_dir / 'bad-base.yaml'}:{base_line + 1}:7: base: expected an integer, found 'lots' (a string)",
    )
    assert [e.name for e in catalogue.usable()][-1] == "mine"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"title_zh: [unclosed\n", ": (yaml): "),
        (b"", ":1:1: (top): the file is empty"),
        (b"title_zh: \xff\xfe\n", "not UTF-8 text"),
        (b"- a list\n- not a mapping\n", ":1:1: (top): expected a mapping of Ruleset fields, found a list"),
    ],
    ids=["bad-yaml", "empty", "not-utf8", "not-a-mapping"],
)
def test_unreadable_files_are_listed_not_raised(rulesets_dir: Path, content: bytes, expected: str) -> None:
    (rulesets_dir / "x.yaml").write_bytes(content)
    (broken,) = list_rulesets(rulesets_dir).broken()
    assert broken.name == "x"
    assert len(broken.errors) == 1
    assert str(rulesets_dir / "x.yaml") in broken.errors[0]
    assert expected in broken.errors[0]


def test_an_oversized_file_is_refused_unread(rulesets_dir: Path) -> None:
    (rulesets_dir / "huge.yaml").write_bytes(b"#" * (MAX_RULESET_BYTES + 1))
    (broken,) = list_rulesets(rulesets_dir).broken()
    assert "a ruleset file is at most 256 KB" in broken.errors[0]


def test_an_unexpected_loader_failure_is_listed_not_raised(rulesets_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _copy_builtin("yiwushi", rulesets_dir / "mine.yaml")

    def explode(name_or_path: str) -> object:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(user_rulesets, "load_ruleset", explode)
    catalogue = list_rulesets(rulesets_dir)
    assert len(catalogue.usable()) == 0
    assert catalogue.broken()[-1].errors == (
        f"{rulesets_dir / 'mine.yaml'}: cannot load the file: RecursionError: maximum recursion depth exceeded",
    )


def test_only_visible_yaml_files_are_rulesets(rulesets_dir: Path) -> None:
    for name in ("b.yml", "A.YAML", "c.yaml", ".hidden.yaml", "notes.txt", "d.yaml.bak"):
        (rulesets_dir / name).write_text("x: 1\n", encoding="utf-8")
    (rulesets_dir / "folder.yaml").mkdir()
    assert [p.name for p in user_ruleset_files(rulesets_dir)] == ["A.YAML", "b.yml", "c.yaml"]
    # Names that the loader would otherwise read as built-in names still load as files.
    assert {e.name for e in list_rulesets(rulesets_dir).broken()} == {"A", "b", "c"}


def test_a_file_in_place_of_the_folder_is_reported(tmp_path: Path) -> None:
    (tmp_path / "rulesets").write_text("", encoding="utf-8")
    catalogue = list_rulesets(tmp_path / "rulesets")
    assert catalogue.folder_error is not None and "cannot list the folder" in catalogue.folder_error
    assert len(catalogue.usable()) == len(builtin_ruleset_names())


def test_default_folder_is_the_players_rulesets_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    (tmp_path / "rulesets").mkdir()
    _copy_builtin("yiwushi", tmp_path / "rulesets" / "mine.yaml")
    catalogue = list_rulesets()
    assert catalogue.user_folder == tmp_path / "rulesets"
    assert catalogue.entries[-1].name == "mine"


def test_copy_of_a_builtin_ruleset_starts_a_players_own(rulesets_dir: Path) -> None:
    path = copy_builtin("guiyang-modern", rulesets_dir / "new", "house")
    assert path == rulesets_dir / "new" / "house.yaml"
    assert path.read_bytes() == (RULESETS_DIR / "guiyang-modern.yaml").read_bytes()
    assert list_rulesets(rulesets_dir / "new").entries[-1].name == "house"
    with pytest.raises(FileExistsError):
        copy_builtin("yiwushi", rulesets_dir / "new", "house")
    assert path.read_bytes() == (RULESETS_DIR / "guiyang-modern.yaml").read_bytes()  # not overwritten


@pytest.mark.parametrize("bad", ["../escape", ".hidden", "a/b", "", " padded", "why?"])
def test_copy_refuses_names_that_are_not_plain_file_names(rulesets_dir: Path, bad: str) -> None:
    with pytest.raises(ValueError, match="cannot name a ruleset file"):
        copy_builtin("yiwushi", rulesets_dir, bad)
    assert list(rulesets_dir.iterdir()) == []


def test_copy_names_the_builtin_rulesets_when_asked_for_another(rulesets_dir: Path) -> None:
    with pytest.raises(
        ValueError, match="no built-in ruleset 'sichuan'; the built-in ones are erding-liangfang, guiyang-app, "
    ):
        copy_builtin("sichuan", rulesets_dir)


# `main.py folders` -----------------------------------------------------------------------------------


def test_folders_command_lists_folders_and_broken_rulesets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    assert main.main(["folders", "--create"]) == 0
    assert all(p.is_dir() for p in user_dirs().as_dict().values())
    (tmp_path / "rulesets" / "oops.yaml").write_text("base: 1\n", encoding="utf-8")
    capsys.readouterr()
    assert main.main(["folders", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["folders"]["saves"] == str(tmp_path / "saves")
    assert out["frozen"] is False
    oops = out["rulesets"][-1]
    assert (oops["name"], oops["source"], oops["ok"]) == ("oops", "user", False)
    assert any(":1:1: title_zh: missing key" in line for line in oops["errors"])
    assert main.main(["folders"]) == 0
    text = capsys.readouterr().out
    assert "oops               yours     DOES NOT LOAD" in text
    assert f"saves     {tmp_path / 'saves'}\n" in text


def test_folders_command_copies_a_builtin_ruleset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    assert main.main(["folders", "--copy", "yiwushi", "--as", "friday"]) == 0
    assert f"copied yiwushi to {tmp_path / 'rulesets' / 'friday.yaml'}" in capsys.readouterr().out
    assert main.main(["folders", "--copy", "yiwushi", "--as", "friday"]) == 2
    assert "friday.yaml already exists; choose another name with --as NAME" in capsys.readouterr().err
    assert main.main(["folders", "--as", "friday"]) == 2
    assert "--as names the copy made by --copy RULESET" in capsys.readouterr().err
