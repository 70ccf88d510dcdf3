"""Harness of the language-server scenarios (scenarios.py).

Three pieces:

- `Project`: a temporary project directory filled from TestCorpus/ or from text, with UTF-16
  position helpers and a snapshot of the tree, so that a scenario can prove that the server never
  created or changed a file.
- `Session`: `granted-lint lsp` driven through pygls's `LanguageClient` (pygls 2.x), recording every
  message the server sends in its raw JSON form next to pygls's typed objects. It answers the
  requests a server may send (`client/registerCapability`, `workspace/configuration`, ...) and keeps
  the client's copy of each open document, as an editor does.
- `RawServer` (raw_client.py, re-exported here): a strict JSON-RPC client on plain pipes, for bad
  input pygls cannot send and for checking that stdout carries nothing but `Content-Length` framed
  JSON-RPC messages.

The server binary is `GRANTED_LINT_BINARY`, else `.build/debug/granted-lint` of this package. Every
wait has a deadline (`GRANTED_LSP_TIMEOUT` seconds, default 15): a scenario fails when the server
does not answer, it never sleeps its way to a pass.
"""
from __future__ import annotations

import asyncio
import copy
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.client import LanguageClient
from pygls.protocol import LanguageServerProtocol

from raw_client import PACKAGE_ROOT, TIMEOUT, RawServer, client_capabilities, server_binary, summarize

CORPUS = PACKAGE_ROOT / "TestCorpus"
__all__ = ["CORPUS", "PACKAGE_ROOT", "TIMEOUT", "JsonRpcException", "Project", "RawServer", "Session", "apply_edits",
           "cli", "cli_findings", "client_capabilities", "offset_at", "position_at", "range_of", "rule_ids",
           "rule_summaries", "server_binary", "types", "uri_to_path"]


def cli(*arguments: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Runs the command line (not the server) of the same binary."""
    return subprocess.run([server_binary(), *arguments], cwd=cwd, capture_output=True, text=True, timeout=120)


def cli_findings(path: Path, cwd: Path) -> list[dict[str, Any]]:
    """The findings `granted-lint --format json PATH` reports, as the JSON report lists them."""
    run = cli("--format", "json", str(path), cwd=cwd)
    assert run.returncode in (0, 1), f"granted-lint {path} exited {run.returncode}: {run.stderr}"
    return json.loads(run.stdout)["findings"]


def rule_summaries() -> dict[str, str]:
    """Rule id -> one-line summary, from `granted-lint --list-rules`."""
    summaries = {}
    for line in cli("--list-rules").stdout.splitlines():
        match = re.match(r"^(\S+)\s+(error|warning|note)\s+(.*)$", line)
        if match:
            summaries[match.group(1)] = match.group(3)
    return summaries


def uri_to_path(uri: str) -> Path:
    parsed = urllib.parse.urlparse(uri)
    assert parsed.scheme == "file", f"not a file URI: {uri}"
    return Path(urllib.request.url2pathname(parsed.path))


# --------------------------------------------------------------------------------------------------
# Text positions (LSP counts UTF-16 code units; lines end with \n, \r\n or \r)
# --------------------------------------------------------------------------------------------------

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def line_starts(text: str) -> list[int]:
    """Offsets (in Python characters) at which each line begins."""
    return [0] + [match.end() for match in _LINE_BREAK.finditer(text)]


def line_end(text: str, starts: list[int], line: int) -> int:
    """Offset of the end of `line`, before its line break."""
    end = starts[line + 1] if line + 1 < len(starts) else len(text)
    while end > starts[line] and text[end - 1] in "\r\n":
        end -= 1
    return end


def utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def position_at(text: str, offset: int) -> dict[str, int]:
    """The LSP position of a character offset."""
    starts = line_starts(text)
    line = max(index for index, start in enumerate(starts) if start <= offset)
    return {"line": line, "character": utf16_length(text[starts[line]:offset])}


def offset_at(text: str, position: dict[str, int], *, clamp: bool = False) -> int:
    """The character offset of an LSP position. A character past the end of its line is an error
    unless `clamp` (then it is the line's end, as the specification says)."""
    starts = line_starts(text)
    line, character = position["line"], position["character"]
    assert 0 <= line < len(starts), f"line {line} outside a text of {len(starts)} lines"
    end = line_end(text, starts, line)
    units = 0
    offset = starts[line]
    while offset < end and units < character:
        units += 2 if ord(text[offset]) > 0xFFFF else 1
        offset += 1
    if units < character and not clamp:
        raise AssertionError(f"character {character} is past the end of line {line} ({units} UTF-16 units)")
    assert units <= character or clamp, f"position {position} splits a surrogate pair"
    return offset


def range_of(text: str, needle: str, occurrence: int = 0) -> dict[str, dict[str, int]]:
    """The LSP range of the `occurrence`-th appearance of `needle`."""
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(needle, start + 1)
    return {"start": position_at(text, start), "end": position_at(text, start + len(needle))}


def apply_edits(text: str, edits: Iterable[dict[str, Any]]) -> str:
    """Applies LSP TextEdits (all relative to `text`, none overlapping; inserts at one position keep
    their order) and returns the new text."""
    spans = []
    for index, edit in enumerate(edits):
        start = offset_at(text, edit["range"]["start"])
        end = offset_at(text, edit["range"]["end"])
        assert start <= end, f"edit with an inverted range: {edit}"
        spans.append((start, end, index, edit["newText"]))
    spans.sort()
    for previous, following in zip(spans, spans[1:]):
        assert previous[1] <= following[0], f"overlapping edits: {previous} and {following}"
    pieces, cursor = [], 0
    for start, end, _, new_text in spans:
        pieces.append(text[cursor:start])
        pieces.append(new_text)
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)


# --------------------------------------------------------------------------------------------------
# Projects
# --------------------------------------------------------------------------------------------------

class Project:
    """A temporary project directory. Files written through `write` and `copy` are what the tree is
    expected to hold; `assert_untouched` fails if anything else appeared, changed or disappeared."""

    def __init__(self, prefix: str = "granted-lint-lsp-"):
        self.root = Path(tempfile.mkdtemp(prefix=prefix)).resolve()
        self.expected = self.snapshot()

    def path(self, relative: str) -> Path:
        return self.root / relative

    def uri(self, relative: str = "") -> str:
        return (self.root / relative).as_uri() if relative else self.root.as_uri()

    def write(self, relative: str, text: str) -> Path:
        target = self.root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("utf-8"))
        self.expected = self.snapshot()
        return target

    def read(self, relative: str) -> str:
        return (self.root / relative).read_bytes().decode("utf-8")

    def copy(self, corpus_relative: str, destination: str = "") -> Path:
        source = CORPUS / corpus_relative
        target = self.root / (destination or source.name)
        if source.is_dir():
            shutil.copytree(source, target, dirs_exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
        self.expected = self.snapshot()
        return target

    def snapshot(self) -> dict[str, str]:
        """relative path -> what it is (a directory, or a file's size, mtime and SHA-256)."""
        entries = {}
        for directory, names, files in os.walk(self.root):
            for name in names:
                entries[os.path.relpath(os.path.join(directory, name), self.root)] = "directory"
            for name in files:
                path = os.path.join(directory, name)
                status = os.lstat(path)
                with open(path, "rb") as handle:
                    digest = hashlib.sha256(handle.read()).hexdigest()
                entries[os.path.relpath(path, self.root)] = f"{status.st_size} {status.st_mtime_ns} {digest}"
        return entries

    def assert_untouched(self) -> None:
        now = self.snapshot()
        created = sorted(set(now) - set(self.expected))
        removed = sorted(set(self.expected) - set(now))
        changed = sorted(path for path in set(now) & set(self.expected) if now[path] != self.expected[path])
        assert not (created or removed or changed), (
            f"the server changed the project: created {created}, removed {removed}, changed {changed}")

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

# --------------------------------------------------------------------------------------------------
# Through pygls's client
# --------------------------------------------------------------------------------------------------


class RecordingProtocol(LanguageServerProtocol):
    """pygls's protocol, keeping each message from the server as the JSON it arrived as (pygls turns
    them into lsprotocol objects, which drop fields the types do not know)."""

    def structure_message(self, data: dict[str, Any]):
        if isinstance(data, dict) and "jsonrpc" in data:
            self._server.record(copy.deepcopy(data))
        return super().structure_message(data)


@dataclass
class Document:
    uri: str
    text: str
    version: int
    language_id: str


class ScenarioClient(LanguageClient):
    def __init__(self):
        super().__init__("granted-lint-scenarios", "1.0", protocol_cls=RecordingProtocol)
        self.received: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()

        # Requests a server may send; each is answered (an unanswered one could stall the server).
        @self.feature(types.CLIENT_REGISTER_CAPABILITY)
        def register(params):
            return None

        @self.feature(types.CLIENT_UNREGISTER_CAPABILITY)
        def unregister(params):
            return None

        @self.feature(types.WORKSPACE_CONFIGURATION)
        def configuration(params):
            return [None for _ in params.items]

        @self.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
        def progress(params):
            return None

        @self.feature(types.WORKSPACE_DIAGNOSTIC_REFRESH)
        def refresh(params):
            return None

        @self.feature(types.WINDOW_SHOW_MESSAGE_REQUEST)
        def message_request(params):
            return None

        @self.feature(types.WORKSPACE_APPLY_EDIT)
        def apply_edit(params):
            # The server must never ask for this (it only offers edits); refusing it keeps files intact.
            return types.ApplyWorkspaceEditResult(applied=False, failure_reason="not in these tests")

        # Notifications are recorded raw (above); these handlers only keep pygls from warning.
        for method in (types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, types.WINDOW_SHOW_MESSAGE, types.WINDOW_LOG_MESSAGE,
                       types.TELEMETRY_EVENT, types.PROGRESS, types.LOG_TRACE):
            self.feature(method)(lambda params: None)

    def record(self, message: dict[str, Any]) -> None:
        self.received.append(message)
        self.arrived.set()


class Session:
    """One `granted-lint lsp` process driven through pygls. Use `await Session.start(project)`."""

    def __init__(self, project: Project, client: ScenarioClient):
        self.project = project
        self.client = client
        self.documents: dict[str, Document] = {}
        self.stderr: list[str] = []
        self.initialize_result: dict[str, Any] | None = None
        self._stderr_task: asyncio.Task | None = None

    # -- start and stop ----------------------------------------------------------------------------

    @classmethod
    async def start(cls, project: Project, *, folders: list[tuple[str, str]] | None = None,
                    capabilities: dict[str, Any] | None = None, initialize: bool = True,
                    arguments: Iterable[str] = ()) -> "Session":
        client = ScenarioClient()
        await client.start_io(server_binary(), "lsp", *arguments, cwd=str(project.root))
        session = cls(project, client)
        session._stderr_task = asyncio.ensure_future(session._drain_stderr())
        if initialize:
            await session.initialize(folders=folders, capabilities=capabilities)
        return session

    async def _drain_stderr(self) -> None:
        stream = self.process.stderr
        while True:
            line = await stream.readline()
            if not line:
                return
            self.stderr.append(line.decode("utf-8", "replace").rstrip("\n"))

    @property
    def process(self) -> asyncio.subprocess.Process:
        return self.client._server  # the pygls client's server process

    async def initialize(self, *, folders: list[tuple[str, str]] | None = None,
                         capabilities: dict[str, Any] | None = None) -> dict[str, Any]:
        converter = self.client.protocol._converter
        caps = converter.structure(capabilities or client_capabilities(), types.ClientCapabilities)
        if folders is None:
            folders = [(self.project.uri(), self.project.root.name)]
        params = types.InitializeParams(
            process_id=os.getpid(),
            root_uri=folders[0][0] if folders else None,
            capabilities=caps,
            client_info=types.ClientInfo(name="granted-lint-scenarios", version="1.0"),
            workspace_folders=[types.WorkspaceFolder(uri=uri, name=name) for uri, name in folders] or None,
        )
        reply = await self.request(types.INITIALIZE, params)
        self.initialize_result = reply.raw["result"]
        self.client.initialized(types.InitializedParams())
        return self.initialize_result

    async def shutdown_and_exit(self) -> int:
        """shutdown, then exit; returns the exit code."""
        reply = await self.request(types.SHUTDOWN, None)
        assert reply.raw.get("result", "missing") is None, f"shutdown must answer result null: {reply.raw}"
        self.client.exit(None)
        return await self.exit_code()

    async def exit_code(self) -> int:
        try:
            code = await asyncio.wait_for(self.process.wait(), TIMEOUT)
        except asyncio.TimeoutError:
            raise AssertionError(f"the server did not exit within {TIMEOUT}s") from None
        await self._stop_client()
        return code

    async def _stop_client(self) -> None:
        if self._stderr_task is not None:
            await asyncio.wait_for(self._stderr_task, TIMEOUT)
            self._stderr_task = None
        if not self.client.stopped:
            await asyncio.wait_for(self.client.stop(), TIMEOUT)

    async def close(self) -> None:
        """Ends the server the orderly way and checks exit code 0."""
        if self.process.returncode is not None:
            await self._stop_client()
            return
        code = await self.shutdown_and_exit()
        assert code == 0, f"exit after shutdown ended with {code}; stderr: {self.stderr_tail()}"

    async def kill(self) -> None:
        """Ends the server however things stand (for tear-down after a failure)."""
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await asyncio.wait_for(self.process.wait(), TIMEOUT)
        try:
            await self._stop_client()
        except Exception:
            pass

    def stderr_tail(self, lines: int = 20) -> str:
        return "\n".join(self.stderr[-lines:])

    # -- messages ----------------------------------------------------------------------------------

    @dataclass
    class Reply:
        result: Any  # pygls's typed result
        raw: dict[str, Any]  # the response as the server sent it

    async def request(self, method: str, params: Any, *, timeout: float = TIMEOUT) -> "Session.Reply":
        """Sends a request through pygls and returns its typed result with the raw response. An error
        response raises pygls's JsonRpcException (with `.code`)."""
        msg_id = f"scenario-{len(self.client.received)}-{time.monotonic_ns()}"
        future = self.client.protocol.send_request_async(method, params, msg_id=msg_id)
        try:
            result = await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            raise AssertionError(f"no answer to {method} within {timeout}s; stderr: {self.stderr_tail()}") from None
        except JsonRpcException:
            raise
        raw = next((m for m in self.client.received if m.get("id") == msg_id and "method" not in m), {})
        return Session.Reply(result=result, raw=raw)

    async def request_error(self, method: str, params: Any) -> int:
        """Sends a request that must fail; returns the error code."""
        try:
            reply = await self.request(method, params)
        except JsonRpcException as error:
            return error.code
        raise AssertionError(f"{method} must fail, it answered {reply.raw}")

    def notify(self, method: str, params: Any) -> None:
        self.client.protocol.notify(method, params)

    def mark(self) -> int:
        """A point in the stream of received messages; waits can look only at what came after it."""
        return len(self.client.received)

    async def wait_for(self, describe: str, predicate: Callable[[], Any], *, timeout: float = TIMEOUT) -> Any:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            found = predicate()
            if found:
                return found
            if self.process.returncode is not None:
                raise AssertionError(f"the server exited ({self.process.returncode}) while waiting for {describe}; "
                                     f"stderr: {self.stderr_tail()}")
            remaining = deadline - loop.time()
            if remaining <= 0:
                recent = [summarize(m) for m in self.client.received[-8:]]
                raise AssertionError(f"timed out after {timeout}s waiting for {describe}; last messages: {recent}; "
                                     f"stderr: {self.stderr_tail()}")
            self.client.arrived.clear()
            try:
                await asyncio.wait_for(self.client.arrived.wait(), remaining)
            except asyncio.TimeoutError:
                pass

    def notifications(self, method: str, since: int = 0) -> list[dict[str, Any]]:
        return [m["params"] for m in self.client.received[since:] if m.get("method") == method and "id" not in m]

    def server_requests(self, method: str, since: int = 0) -> list[dict[str, Any]]:
        return [m for m in self.client.received[since:] if m.get("method") == method and "id" in m]

    def publishes(self, uri: str, since: int = 0) -> list[dict[str, Any]]:
        return [p for p in self.notifications(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, since) if p["uri"] == uri]

    async def diagnostics(self, uri: str, *, version: int | None = None, since: int = 0,
                          where: Callable[[list[dict[str, Any]]], bool] | None = None) -> list[dict[str, Any]]:
        """The diagnostics of the first publishDiagnostics for `uri` after `since` (with `version`, and
        satisfying `where`, when given), as raw JSON."""
        def matching():
            for params in self.publishes(uri, since):
                if version is not None and params.get("version") != version:
                    continue
                if where is not None and not where(params["diagnostics"]):
                    continue
                return params
            return None
        describe = f"publishDiagnostics for {uri}" + (f" version {version}" if version is not None else "")
        params = await self.wait_for(describe, matching)
        return params["diagnostics"]

    # -- documents ---------------------------------------------------------------------------------

    def open(self, relative: str, text: str | None = None, *, language_id: str | None = None) -> Document:
        """didOpen of a project file, with its text on disk unless `text` is given (an unsaved buffer)."""
        uri = self.project.uri(relative)
        if text is None:
            text = self.project.read(relative)
        if language_id is None:
            suffix = Path(relative).suffix
            language_id = {".ts": "typescript", ".tsx": "typescriptreact", ".js": "javascript",
                           ".jsx": "javascriptreact"}.get(suffix, "typescript")
        document = Document(uri=uri, text=text, version=1, language_id=language_id)
        self.documents[uri] = document
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language_id, version=1, text=text)))
        return document

    def edit(self, document: Document, changes: list[tuple[dict[str, Any] | None, str]]) -> int:
        """didChange with `changes` in order, each a (range or None for the whole text, new text)
        against the text as the previous ones left it; returns the new version."""
        events = []
        for lsp_range, new_text in changes:
            if lsp_range is None:
                document.text = new_text
                events.append(types.TextDocumentContentChangeWholeDocument(text=new_text))
            else:
                start = offset_at(document.text, lsp_range["start"], clamp=True)
                end = offset_at(document.text, lsp_range["end"], clamp=True)
                document.text = document.text[:start] + new_text + document.text[end:]
                events.append(types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(**lsp_range["start"]), end=types.Position(**lsp_range["end"])),
                    text=new_text))
        document.version += 1
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=document.uri, version=document.version),
            content_changes=events))
        return document.version

    def replace(self, document: Document, old: str, new: str, occurrence: int = 0) -> int:
        """An incremental didChange replacing the `occurrence`-th `old` with `new`."""
        return self.edit(document, [(range_of(document.text, old, occurrence), new)])

    def apply_workspace_edit(self, document: Document, edit: dict[str, Any]) -> int:
        """Applies the TextEdits a WorkspaceEdit (`changes`) has for the document to the client's text
        and sends them as one incremental didChange (last edit first, so each range is still valid)."""
        assert "changes" in edit and document.uri in edit["changes"], f"no `changes` for {document.uri} in {edit}"
        edits = edit["changes"][document.uri]
        expected = apply_edits(document.text, edits)
        ordered = sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]),
                         reverse=True)
        version = self.edit(document, [(e["range"], e["newText"]) for e in ordered])
        assert document.text == expected, "applying the edits one by one gave another text than applying them together"
        return version

    def close_document(self, document: Document) -> None:
        self.client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=document.uri)))
        self.documents.pop(document.uri, None)


def rule_ids(diagnostics: list[dict[str, Any]]) -> list[str]:
    return sorted(d.get("code") for d in diagnostics)


