"""Every citation of the rule book and the design notes finds what it names.

The code, the rulesets, the tests and the documents cite docs/rules.md by section ("docs/rules.md §6",
"docs/rules.md §4-§6") and docs/design.md by name ("docs/design.md, the referee"), always by their
paths in the repository. Each cited section must have a heading in docs/rules.md, each design
citation a part of docs/design.md, and each link into docs/ai.md or docs/ai-journal.md a heading there.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
DESIGN = ROOT / "docs" / "design.md"
AI_DOCS = ("ai.md", "ai-journal.md")

SCANNED = {".py", ".yaml", ".yml", ".md", ".toml", ".txt", ".spec"}
SKIPPED_DIRS = {"__pycache__", "node_modules", "dist", "venv"}

SECTION = r"§\d+(?:\.\d+)?"
# A rule-book name, then one section or a list or range of them: "RULES §2, §3, §12.11", "§4-§6".
RULE_CITATION = re.compile(
    rf"(?:docs/rules\.md|RULES\.md|RULES|规则)\s*({SECTION}(?:\s*(?:,|/|-|–|and|or|to)\s*{SECTION})*)"
)
HEADING = re.compile(rf"^#{{1,6}}\s+({SECTION})(?![.\d])", re.M)
DESIGN_CITATION = re.compile(r"(?:docs/design\.md|DESIGN\.md)(?:, ([a-z][a-z ]+)\))?")
AI_LINK = re.compile(r"docs/(ai|ai-journal)\.md#([a-z0-9-]+)")
AI_QUOTED = re.compile(r"docs/(ai|ai-journal)\.md, \"([^\"]+)\"")


def _files() -> list[Path]:
    """The repository's text files that may cite the documents, this file aside."""
    found = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in SKIPPED_DIRS]
        for name in names:
            path = Path(folder) / name
            if (path.suffix in SCANNED or name == "Makefile") and path != Path(__file__).resolve():
                found.append(path)
    return found


def _texts() -> dict[str, str]:
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8", errors="replace") for p in _files()}


def rule_sections(text: str) -> set[str]:
    """The sections that have a heading in the rule book's text, as "§6", "§12.3"."""
    return set(HEADING.findall(text))


def cited_sections(path: str, text: str) -> set[str]:
    """The rule-book sections a file cites; a ruleset's every § is one."""
    found: set[str] = set()
    for chain in RULE_CITATION.findall(text):
        found.update(re.findall(SECTION, chain))
    if path.startswith("rulesets/") or path.endswith((".yaml", ".yml")):
        found.update(re.findall(SECTION, text))
    return found


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    kept = "".join(c for c in heading.strip().lower() if c.isalnum() or c in " -_")
    return kept.replace(" ", "-")


def test_the_rule_book_has_every_section_the_code_cites() -> None:
    have = rule_sections(RULES.read_text(encoding="utf-8"))
    assert {"§1", "§6", "§12", "§12.18", "§14"} <= have
    missing = sorted(
        f"{path}: {section}"
        for path, text in _texts().items()
        if path != "docs/rules.md"
        for section in cited_sections(path, text)
        if section not in have
    )
    assert not missing, "citations of sections docs/rules.md does not have:\n" + "\n".join(missing)


def test_a_missing_section_is_caught() -> None:
    have = rule_sections("## §1 Tiles\n### §12.3 The dealer\n## §12.30 Not a subsection of 12.3\n")
    assert have == {"§1", "§12.3", "§12.30"}
    cited = cited_sections("game/x.py", "# RULES.md §1, §12.3 and RULES §7; docs/rules.md §4-§12.4 (规则§9)")
    assert cited - have == {"§7", "§4", "§12.4", "§9"}
    assert cited_sections("rulesets/x.yaml", "x: 1  # §14 silent") == {"§14"}
    assert cited_sections("game/x.py", "RFC 6455 §7.4") == set()


# A citation by a name that is no file of the repository (the rule book and the design notes live in docs/).
BARE_CITATION = re.compile(r"(?<![\w/])(?:RULES(?:\.md)?\s*§|DESIGN\.md)")


def test_every_citation_names_a_file_in_the_repository() -> None:
    bare = sorted(
        f"{path}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
        for path, text in _texts().items()
        for m in BARE_CITATION.finditer(text)
    )
    assert not bare, "citations that name no file of the repository (write docs/rules.md, docs/design.md):\n" + (
        "\n".join(bare)
    )
    assert BARE_CITATION.search("# see RULES §6") and BARE_CITATION.search("(DESIGN.md, the referee)")
    assert not BARE_CITATION.search("# see docs/rules.md §6 and docs/design.md")


def test_every_design_citation_names_a_file_and_its_section() -> None:
    assert DESIGN.is_file(), "the code cites docs/design.md; it must exist"
    design = DESIGN.read_text(encoding="utf-8").lower()
    unknown = sorted(
        f"{path}: docs/design.md, {name}"
        for path, text in _texts().items()
        for name in DESIGN_CITATION.findall(text)
        if name and name.strip() not in design
    )
    assert not unknown, "design citations naming no part of docs/design.md:\n" + "\n".join(unknown)


def test_every_link_into_the_ai_notes_finds_its_heading() -> None:
    slugs: dict[str, set[str]] = {}
    titles: dict[str, set[str]] = {}
    for name in AI_DOCS:
        text = (ROOT / "docs" / name).read_text(encoding="utf-8")
        headings = [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]
        slugs[name[:-3]] = {_slug(h) for h in headings}
        titles[name[:-3]] = {h.lower() for h in headings}
    broken = []
    for path, text in _texts().items():
        broken += [f"{path}: {doc}.md#{a}" for doc, a in AI_LINK.findall(text) if a not in slugs[doc]]
        broken += [f'{path}: {doc}.md "{q}"' for doc, q in AI_QUOTED.findall(text) if q.lower() not in titles[doc]]
    assert not broken, "links into the AI notes that find no heading:\n" + "\n".join(sorted(broken))
