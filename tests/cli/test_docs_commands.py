"""The commands the README and the guides show run, and every file they name exists.

Each guide's `magnates` commands run in order in a scratch folder (so `--save game.json` followed by
`--load game.json` works, as a reader would type them), made small: `--games` becomes 2, `--seconds`
0.2, a game in the terminal is left at its first prompt with `quit`. A command that names a search
bot (seconds a decision), `serve` and `train` are checked at `--help` level: their options parse.
Scripts (`python benchmarks/...`, `python -m magnates.studies...`) must exist. Every relative link
and every repository path written in backticks must point to a file or folder that exists.
"""

from __future__ import annotations

import importlib.util
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from magnates.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs" / "guides").glob("*.md"))]
SLOW_BOTS = {"easy", "medium", "hard", "expert", "mcts", "ismcts"}
HELP_ONLY = {"serve", "train"}
runner = CliRunner()


def shell_lines(path: Path) -> list[str]:
    """The lines of the doc's ```bash blocks, continuations joined, comments dropped."""
    lines: list[str] = []
    for block in re.findall(r"```bash\n(.*?)```", path.read_text(), flags=re.S):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            if words:
                lines.append(shlex.join(words))
    return lines


def write_files(path: Path, folder: Path) -> list[str]:
    """The doc's ```python blocks that start with `# NAME.py`, written into `folder` as the reader
    would save them (a bot of one's own that a later command names); their names."""
    names = []
    for block in re.findall(r"```python\n# ([\w-]+\.py)\n(.*?)```", path.read_text(), flags=re.S):
        (folder / block[0]).write_text(block[1])
        names.append(block[0])
    return names


def small(args: list[str]) -> list[str]:
    """The command as a quick run: 2 games, 0.2 s of bench, one worker."""
    out = list(args)
    for flag, value in (("--games", "2"), ("-n", "2"), ("--seconds", "0.2")):
        if flag in out:
            out[out.index(flag) + 1] = value
    if out[0] in ("simulate", "arena", "compare"):
        if "--workers" not in out:
            out += ["--workers", "1"]
        if "--games" not in out and "-n" not in out and "--combine" not in out:
            out += ["--games", "2"]
    return out


def needs_help_only(args: list[str]) -> bool:
    named = {name for arg in args for name in re.split(r"[,=]", arg)}
    return args[0] in HELP_ONLY or (bool(named & SLOW_BOTS) and args[0] != "bots")


@pytest.mark.parametrize("doc", DOCS, ids=[d.relative_to(ROOT).as_posix() for d in DOCS])
def test_every_command_shown_runs(doc: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")
    write_files(doc, tmp_path)
    ran = 0
    for line in shell_lines(doc):
        words = shlex.split(line)
        if words[0] == "magnates":
            args = words[1:]
            args = [*args, "--help"] if needs_help_only(args) else small(args)
            result = runner.invoke(app, args, input="quit\n")
            assert result.exit_code == 0, f"{doc.name}: `{line}` ran as {args}: {result.output[-600:]}"
            assert "Traceback" not in result.output
            ran += 1
        elif words[0] in ("python", "python3") and len(words) > 1:
            if words[1] == "-m":
                assert importlib.util.find_spec(words[2]) is not None, f"{doc.name}: `{line}`: no module {words[2]}"
            elif words[1].endswith(".py"):
                assert (ROOT / words[1]).is_file(), f"{doc.name}: `{line}`: no file {words[1]}"
        elif words[0].startswith(("scripts/", "benchmarks/")):
            assert (ROOT / words[0]).is_file(), f"{doc.name}: `{line}`: no file {words[0]}"
    if doc.name == "README.md" or doc.parent.name == "guides":
        assert ran or doc.name == "hosting.md", f"{doc.name} shows no magnates command"


LINK = re.compile(r"\]\(([^)\s]+)\)")
REPO_PATH = re.compile(r"`((?:docs|src|tests|benchmarks|examples|scripts)/[^`\s]+)`")


@pytest.mark.parametrize("doc", DOCS, ids=[d.relative_to(ROOT).as_posix() for d in DOCS])
def test_every_file_named_exists(doc: Path) -> None:
    text = doc.read_text()
    missing = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        if not (doc.parent / target.split("#", 1)[0]).exists():
            missing.append(target)
    for target in REPO_PATH.findall(text):
        if any(c in target for c in "*{<"):
            continue
        if not (ROOT / target).exists():
            missing.append(target)
    assert not missing, f"{doc.relative_to(ROOT)} names what does not exist: {missing}"


def test_the_readme_quick_start_is_two_commands() -> None:
    text = (ROOT / "README.md").read_text()
    block = text.split("## Quick start", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    commands = [line for line in block.splitlines() if line.strip()]
    assert len(commands) == 2
    assert commands[0].split("#", 1)[0].rstrip().endswith("magnates serve")
    assert commands[1].split("#", 1)[0].strip() == "scripts/test.sh"
    assert (ROOT / "scripts" / "test.sh").is_file()


def test_the_docs_index_and_reference_pages_link_to_files_that_exist() -> None:
    pages = [ROOT / "docs" / "README.md", *sorted((ROOT / "docs" / "reference").glob("*.md"))]
    pages.append(ROOT / "docs" / "studies" / "README.md")
    for page in pages:
        for target in LINK.findall(page.read_text()):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            assert (page.parent / target.split("#", 1)[0]).exists(), f"{page.relative_to(ROOT)}: {target}"


def test_the_options_reference_lists_every_declared_option() -> None:
    import magnates
    from magnates.games import REGISTRY

    text = (ROOT / "docs" / "reference" / "options.md").read_text()
    for name in magnates.game_names():
        if not REGISTRY[name].startswith("magnates."):
            continue  # a game registered by a test
        game = magnates.load(name)
        section = text.split(f"(`{name}`)", 1)[1].split("\n## ", 1)[0]
        for option in type(game).options_declared:
            assert f"| `{option.name}` | `{option.default}` |" in section, (name, option.name)
