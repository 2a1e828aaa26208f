"""The characters the game can show, found by scanning the project's text sources.

The font subset (build/subset_font.py) and the glyph test (tests/test_fonts.py) both call
`required_characters`, so the shipped font follows the code: a new Chinese string in game/, ui/,
rulesets/ or docs/ is picked up by the next subset run, and the test names it until then. The font
also carries GB 2312 and Big5's common traditional characters, for the text players bring (their
rulesets' titles, names, folders).
Comments (Python `#`, YAML `#`) are skipped: they are never shown, and the rulesets quote the
Chinese rule texts in comments at length.
This module must not import pygame: the build script runs it without a display.
"""

from __future__ import annotations

import io
import tokenize
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCAN_DIRS: tuple[str, ...] = ("game", "ui", "rulesets", "docs")
TEXT_SUFFIXES: frozenset[str] = frozenset({".py", ".yaml", ".yml", ".md", ".txt", ".json", ".toml", ".cfg", ".ini"})
SKIP_DIR_NAMES: frozenset[str] = frozenset({"__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"})

PRINTABLE_ASCII = "".join(chr(c) for c in range(0x20, 0x7F))

# Full-width and typographic punctuation that Chinese text and the score sheets use.
PUNCTUATION = (
    "，。、：；！？（）【】「」『』《》〈〉〔〕“”‘’·・—–…‥～￥％＋－＝／＃＆＊＠"
    "→←↑↓↔×÷±≤≥≠≈∞°§¶•※√★☆○●◎◇◆□■△▲▽▼♪"
    "０１２３４５６７８９　〇々"
)

# Words the table, menus and settlement screen are expected to need, kept in the subset ahead
# of the code that shows them so a new label rarely needs a rebuild. The scan still decides.
RESERVE_TEXT = """
贵阳捉鸡麻将 万筒条 一二三四五六七八九十百千 幺鸡 乌骨鸡 金鸡 冲锋鸡 责任鸡 包鸡 本鸡 摇摆鸡 上下鸡
星期鸡 满堂鸡 吹风鸡 翻鸡 常鸡 活鸡 死鸡 手上鸡 内外鸡 杀鸡杀杠 全烧
东南西北 庄家 闲家 上家 下家 对家 自己 玩家 电脑 座位 连庄 接庄 坐庄 骰子 掷骰 开局 跳牌 牌墙 牌堆 剩余
摸牌 出牌 打牌 碰 杠 胡 过 听 报听 杀报 吃 点炮 放炮 热炮 抢杠 自摸 点胡 吃胡 一炮双响 一炮三响 多响
豆 点豆 闷豆 转弯豆 憨包豆 明杠 暗杠 补杠 加杠 杠上开花 杠开 杠上胡 通行证 包牌 过水 一扣二 通三
平胡 大对子 对对胡 七对 小七对 龙七对 清一色 清大对 清七对 青龙背 清龙背 单钓 清单钓 天胡 地胡 地龙七 混五清十
叫牌 听牌 黄庄 查叫 流局 番 倍 分 底分 合计 总计 得分 输赢 赢 输 结算 明细 付给 收取 本局 下一局 第 局 圈 风
开始 新游戏 继续 暂停 退出 返回 确定 取消 是 否 设置 规则 帮助 关于 版本 语言 中文 英文 音效 音乐 音量
速度 动画 快 慢 即时 全屏 窗口 分辨率 提示 教学 回放 保存 载入 读取 统计 记录 历史 成绩 排名 胜 负 平
等待 轮到你 你 他 她 的 了 在 和 与 或 不能 可以 必须 已 未 无 有 请 选择 确认 警告 错误 文件 找不到 无法
打开 读取失败 格式 行 列 值 字段 未知 缺少 类型 应为 实际 难度 简单 普通 困难 大师 专家 人工智能 对手 朋友
同屏 轮流 遮挡 准备 好 时间 秒 分钟 小时 今天 星期一二三四五六日天 规则集 变体 选项 默认 自定义 重置
算分器 结果 来自 方式 副露 弃牌 填 成立 要改 红字 切换 移除 清空 保存 打开 最近 算过 刚开的杠 被谁碰
已用完 看不懂 字符 写法 不成 牌型 组 路径 拖进窗口 但 却
"""


def is_cjk(ch: str) -> bool:
    """True for a character the subset must carry for Chinese text: ideographs, CJK and full-width punctuation."""
    cp = ord(ch)
    return (
        0x2E80 <= cp <= 0x2FDF  # radicals
        or 0x3000 <= cp <= 0x303F  # CJK symbols and punctuation
        or 0x3400 <= cp <= 0x4DBF  # extension A
        or 0x4E00 <= cp <= 0x9FFF  # unified ideographs
        or 0xF900 <= cp <= 0xFAFF  # compatibility ideographs
        or 0xFF00 <= cp <= 0xFFEF  # half-width and full-width forms
    )


def text_source_files(root: Path = ROOT, dirs: Iterable[str] = SCAN_DIRS) -> list[Path]:
    """The text files under `root`/`dirs` whose characters the game may show, in a stable order."""
    files: list[Path] = []
    for name in dirs:
        base = root / name
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.is_file() and path.suffix.lower() in TEXT_SUFFIXES and not SKIP_DIR_NAMES & set(path.parts):
                files.append(path)
    return files


def _python_text(text: str) -> list[tuple[int, str]]:
    """The string literals of Python source as (line, text) pairs; comments are never shown, so they are left out."""
    pieces: list[tuple[int, str]] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.STRING or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
                for offset, line in enumerate(tok.string.split("\n")):
                    pieces.append((tok.start[0] + offset, line))
    except (tokenize.TokenError, SyntaxError):
        return list(enumerate(text.splitlines(), start=1))
    return pieces


def _strip_yaml_comment(line: str) -> str:
    """`line` without its `# comment` (a # inside quotes, or not after a space, is text)."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i]
    return line


def _shown_text(path: Path, text: str) -> list[tuple[int, str]]:
    """The parts of a source file the game may display, as (line number, text) pairs."""
    suffix = path.suffix.lower()
    if suffix == ".py":
        return _python_text(text)
    lines = list(enumerate(text.splitlines(), start=1))
    if suffix in (".yaml", ".yml", ".toml", ".cfg", ".ini"):
        return [(n, _strip_yaml_comment(line)) for n, line in lines]
    return lines


def scan_sources(root: Path = ROOT, dirs: Iterable[str] = SCAN_DIRS) -> dict[str, list[str]]:
    """Every non-ASCII character the sources may show (Python strings, YAML values, whole docs),
    mapped to where it is used (`path:line`, the first few places)."""
    found: dict[str, list[str]] = {}
    for path in text_source_files(root, dirs):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # not text we ship; binary assets have no place in the scan
        rel = path.relative_to(root).as_posix()
        for lineno, line in _shown_text(path, text):
            for ch in line:
                if ord(ch) < 0x80:
                    continue
                places = found.setdefault(ch, [])
                where = f"{rel}:{lineno}"
                if len(places) < 5 and where not in places:
                    places.append(where)
    return found


def _decoded(codec: str, rows: range, cells: Iterable[int], last: tuple[int, int] | None = None) -> str:
    """Every character a two-byte codec decodes from the given lead bytes (`rows`) and trail bytes (`cells`)."""
    out: list[str] = []
    cells = list(cells)
    for hi in rows:
        for lo in cells:
            if last is not None and (hi, lo) > last:
                break
            try:
                out.append(bytes((hi, lo)).decode(codec))
            except UnicodeDecodeError:
                continue
    return "".join(out)


def gb2312_characters() -> str:
    """GB 2312: the 6,763 hanzi of simplified Chinese in everyday use, with its symbols and punctuation."""
    return _decoded("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))


def common_traditional_characters() -> str:
    """Big5's 5,401 frequently used characters (常用字, A440-C67E): traditional text a player may bring."""
    return _decoded("big5", range(0xA4, 0xC7), [*range(0x40, 0x7F), *range(0xA1, 0xFF)], last=(0xC6, 0x7E))


def player_characters() -> dict[str, list[str]]:
    """Characters of text the player brings (ruleset titles, names, folder paths): GB 2312 and common
    traditional characters, so their own words show in the shipped font; rarer ones come from a system font."""
    found: dict[str, list[str]] = {}
    for ch in gb2312_characters():
        found.setdefault(ch, ["GB 2312"])
    for ch in common_traditional_characters():
        found.setdefault(ch, ["Big5 common characters"])
    return found


def required_characters(root: Path = ROOT, players: bool = True) -> dict[str, list[str]]:
    """Characters the shipped font must have, each with where it comes from (source places or a named list);
    `players=False`: only the game's own text (what the bold face carries: titles and labels)."""
    needed: dict[str, list[str]] = {}
    for ch in PRINTABLE_ASCII:
        needed[ch] = ["printable ASCII"]
    for ch, places in player_characters().items() if players else ():
        if is_cjk(ch):
            needed.setdefault(ch, places)
    for ch in PUNCTUATION:
        needed.setdefault(ch, ["ui/look/charset.py PUNCTUATION"])
    for ch in RESERVE_TEXT:
        if is_cjk(ch):
            needed.setdefault(ch, ["ui/look/charset.py RESERVE_TEXT"])
    for ch, places in scan_sources(root).items():
        if is_cjk(ch):
            needed[ch] = places
    return needed


def optional_characters(root: Path = ROOT) -> dict[str, list[str]]:
    """Other non-ASCII characters (symbols, accents, GB 2312's Greek, Cyrillic and box drawing): carried
    when the source font has them."""
    found = {ch: places for ch, places in player_characters().items() if not is_cjk(ch) and ch not in PUNCTUATION}
    for ch, places in scan_sources(root).items():
        if not is_cjk(ch) and ch not in PUNCTUATION:
            found[ch] = places
    return found
