"""Every console example of the README and of the user guide (docs/anleitung.md) is real output.

Each ```console block is run as its reader would run it — the ``$ `` lines in order, in one shell,
at 100 columns, in one directory per document (a later block uses the files an earlier one wrote,
as in the guide's Restpartien example) that sees ``samples/`` and ``docs/`` as the repository's root
does (nothing outside the repository) — and every line shown under a command must appear in what the command printed, in order.  A line
with "…" matches a printed line holding its parts in order; "…" alone stands for left-out lines;
an annotation after "←" (the official figure, say) is the document's, not the program's.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [p for p in (ROOT / "README.md", ROOT / "docs" / "anleitung.md") if p.exists()]
MARK = "@@@dwz-example-"


@dataclass
class Example:
    command: str
    shown: list[str]
    line: int  # of the command in its document


def blocks(path: Path) -> list[tuple[int, list[Example]]]:
    """The console blocks of a document: (line of the block, its commands with the lines shown)."""
    out: list[tuple[int, list[Example]]] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() != "```console":
            i += 1
            continue
        start, i = i + 1, i + 1
        examples: list[Example] = []
        while i < len(lines) and lines[i].strip() != "```":
            text = lines[i]
            if text.startswith("$ "):
                command, first = text[2:], i + 1
                while command.endswith("\\") and i + 1 < len(lines):
                    i += 1
                    command = command[:-1] + " " + lines[i].strip()
                examples.append(Example(command, [], first))
            elif examples:
                examples[-1].shown.append(text)
            i += 1
        if examples:
            out.append((start, examples))
        i += 1
    return out


CASES = [pytest.param(path, examples, id=f"{path.name}:{start}") for path in DOCUMENTS for start, examples in blocks(path)]


def expected(line: str) -> list[str] | None:
    """The parts a printed line must hold, or None for a line that stands for nothing."""
    line = re.sub(r"\s+←.*$", "", line).rstrip()
    if not line.strip() or line.strip() == "…":
        return None
    return [part.strip() for part in line.split("…") if part.strip()]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def on_free_port(ex: Example) -> Example:
    """A documented ``dwz serve --port N`` run on a free port instead (a server already on N must not
    fail the test), the lines it shows read with that port."""
    m = re.search(r"--port (\d+)", ex.command)
    if not ex.command.startswith("dwz serve") or m is None:
        return ex
    port = str(free_port())
    return Example(ex.command.replace(m.group(0), f"--port {port}"), [s.replace(f":{m.group(1)}", f":{port}") for s in ex.shown],
                   ex.line)


def run_block(examples: list[Example], cwd: Path) -> list[str]:
    script = ["__rc=0"]
    for n, ex in enumerate(examples):
        command = ex.command
        if command.startswith("dwz serve"):  # a server runs until stopped: its start-up lines, then Ctrl+C
            command = f"timeout -s INT 5 {command}"
        script += [f"echo '{MARK}{n}'", "(exit $__rc)", f"{command} 2>&1", "__rc=$?"]
    from tests.conftest import dwz_command

    here = os.path.dirname(dwz_command()[0])  # the installed console script, as the other tests find it
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb", "PATH": here + os.pathsep + os.environ.get("PATH", "")}
    env.pop("DWZ_LANG", None)
    done = subprocess.run(["bash", "-c", "\n".join(script)], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    outputs: list[str] = []
    for chunk in done.stdout.split(MARK)[1:]:
        outputs.append(chunk.split("\n", 1)[1] if "\n" in chunk else "")
    return outputs


_DIRECTORIES: dict[Path, Path] = {}


def _directory(document: Path, factory: pytest.TempPathFactory) -> Path:
    """The document's working directory, shared by its blocks in their order."""
    if document not in _DIRECTORIES:
        work = factory.mktemp(document.stem)
        (work / "samples").symlink_to(ROOT / "samples")
        (work / "docs").symlink_to(ROOT / "docs")
        _DIRECTORIES[document] = work
    return _DIRECTORIES[document]


@pytest.mark.parametrize(("path", "examples"), CASES)
def test_console_examples_are_real_output(path: Path, examples: list[Example], tmp_path_factory: pytest.TempPathFactory) -> None:
    examples = [on_free_port(ex) for ex in examples]
    outputs = run_block(examples, _directory(path, tmp_path_factory))
    assert len(outputs) == len(examples)
    for ex, printed in zip(examples, outputs, strict=True):
        lines = [p.rstrip() for p in printed.splitlines()]
        at = 0
        for shown in ex.shown:
            parts = expected(shown)
            if parts is None:
                continue
            for k in range(at, len(lines)):
                pos, ok = 0, True
                for part in parts:
                    pos = lines[k].find(part, pos)
                    if pos < 0:
                        ok = False
                        break
                    pos += len(part)
                if ok:
                    at = k + 1
                    break
            else:
                raise AssertionError(f"{path.name}:{ex.line}: `{ex.command}` did not print (in this order)\n  {shown!r}\n"
                                     f"it printed:\n" + "\n".join(lines))


def test_the_documents_have_examples() -> None:
    assert any(p.name == "README.md" for p in DOCUMENTS)
    assert sum(len(ex) for p in DOCUMENTS for _, ex in blocks(p)) >= 15
