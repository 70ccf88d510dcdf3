"""A strict JSON-RPC 2.0 client for `granted-lint lsp` on plain pipes, with no dependency beyond
the standard library: the language-server scenarios use it for bad input pygls cannot send and to
check that stdout carries nothing but `Content-Length` framed messages; the benchmark
(Benchmarks/lsp-latency.py) uses it to time the server.

The binary is `GRANTED_LINT_BINARY`, else `.build/debug/granted-lint` of this package. Every wait has
a deadline (`GRANTED_LSP_TIMEOUT` seconds, default 15).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
import threading
import time
import unittest
from pathlib import Path
from typing import Any, Callable, Iterable

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = float(os.environ.get("GRANTED_LSP_TIMEOUT", "15"))


def server_binary() -> str:
    binary = os.environ.get("GRANTED_LINT_BINARY") or str(PACKAGE_ROOT / ".build" / "debug" / "granted-lint")
    if not os.access(binary, os.X_OK):
        raise unittest.SkipTest(f"no granted-lint binary at {binary} (build it, or set GRANTED_LINT_BINARY)")
    return os.path.abspath(binary)  # the server runs in the project directory


def client_capabilities(*, watch_registration: bool = False, pull: bool = False,
                        position_encodings: list[str] | None = None) -> dict[str, Any]:
    """What an editor such as VS Code or Neovim 0.11 says it supports (as JSON)."""
    capabilities: dict[str, Any] = {
        "workspace": {
            "workspaceFolders": True,
            "configuration": True,
            "applyEdit": True,
            "workspaceEdit": {"documentChanges": False},
            "didChangeWatchedFiles": {"dynamicRegistration": watch_registration, "relativePatternSupport": True},
            "executeCommand": {"dynamicRegistration": False},
        },
        "textDocument": {
            "synchronization": {"dynamicRegistration": False, "didSave": True, "willSave": False},
            "publishDiagnostics": {
                "relatedInformation": True, "versionSupport": True, "tagSupport": {"valueSet": [1, 2]},
                "codeDescriptionSupport": True, "dataSupport": True,
            },
            "hover": {"contentFormat": ["markdown", "plaintext"]},
            "codeAction": {
                "codeActionLiteralSupport": {"codeActionKind": {"valueSet": [
                    "", "quickfix", "refactor", "source", "source.organizeImports", "source.fixAll"]}},
                "isPreferredSupport": True, "dataSupport": True,
            },
        },
        "window": {"showMessage": {}, "workDoneProgress": False},
    }
    if pull:
        capabilities["textDocument"]["diagnostic"] = {"dynamicRegistration": False, "relatedDocumentSupport": True}
        capabilities["workspace"]["diagnostics"] = {"refreshSupport": True}
    if position_encodings is not None:
        capabilities["general"] = {"positionEncodings": position_encodings}
    return capabilities



def summarize(message: dict[str, Any]) -> str:
    text = json.dumps(message)
    return text if len(text) < 300 else text[:300] + "..."


class ProtocolViolation(AssertionError):
    pass


class RawServer:
    """`granted-lint lsp` on plain pipes. The reader is strict: anything on stdout that is not a
    `Content-Length` framed JSON-RPC 2.0 message is recorded in `violations`."""

    def __init__(self, cwd: Path, arguments: Iterable[str] = (), *, binary: str | None = None,
                 stderr_path: Path | None = None):
        self.cwd = cwd
        self._stderr_file = tempfile.TemporaryFile() if stderr_path is None else open(stderr_path, "wb")
        self.process = subprocess.Popen([os.path.abspath(binary) if binary else server_binary(), "lsp", *arguments], cwd=cwd,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr_file)
        self.messages: list[dict[str, Any]] = []
        self.arrival_times: list[float] = []
        self.violations: list[str] = []
        self._condition = threading.Condition()
        self._next_id = 0
        self._write_lock = threading.Lock()
        self.auto_answer = True
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    # -- reading -----------------------------------------------------------------------------------

    def _read(self) -> None:
        stream = self.process.stdout
        try:
            while True:
                headers: dict[str, str] = {}
                while True:
                    line = stream.readline()
                    if not line:
                        return
                    if line == b"\r\n":
                        break
                    if not line.endswith(b"\r\n"):
                        self._violation(f"header line not ended by CRLF: {line[:120]!r}")
                        continue
                    match = re.fullmatch(rb"([A-Za-z-]+): ([^\r\n]*)\r\n", line)
                    if not match:
                        self._violation(f"not a header: {line[:120]!r}")
                        continue
                    headers[match.group(1).decode().lower()] = match.group(2).decode()
                if set(headers) - {"content-length", "content-type"}:
                    self._violation(f"unknown headers {headers}")
                if "content-length" not in headers or not headers["content-length"].isdigit():
                    self._violation(f"a frame without a valid Content-Length: {headers}")
                    continue
                body = stream.read(int(headers["content-length"]))
                if len(body) < int(headers["content-length"]):
                    self._violation("stdout ended inside a message body")
                    return
                try:
                    message = json.loads(body.decode("utf-8"))
                except (UnicodeDecodeError, json.JSONDecodeError) as error:
                    self._violation(f"a body that is not JSON ({error}): {body[:200]!r}")
                    continue
                if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
                    self._violation(f"not a JSON-RPC 2.0 message: {body[:200]!r}")
                    continue
                with self._condition:
                    self.messages.append(message)
                    self.arrival_times.append(time.monotonic())
                    self._condition.notify_all()
                if self.auto_answer and "method" in message and "id" in message:
                    self._answer_server_request(message)
        finally:
            with self._condition:
                self._condition.notify_all()

    def _violation(self, text: str) -> None:
        with self._condition:
            self.violations.append(text)
            self._condition.notify_all()

    def _answer_server_request(self, message: dict[str, Any]) -> None:
        result: Any = None
        if message["method"] == "workspace/configuration":
            result = [None for _ in message.get("params", {}).get("items", [])]
        try:
            self.send({"jsonrpc": "2.0", "id": message["id"], "result": result})
        except OSError:
            pass

    # -- writing -----------------------------------------------------------------------------------

    def send_bytes(self, data: bytes) -> None:
        with self._write_lock:
            self.process.stdin.write(data)
            self.process.stdin.flush()

    @staticmethod
    def frame(body: bytes) -> bytes:
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def send(self, message: Any) -> None:
        self.send_bytes(self.frame(json.dumps(message).encode("utf-8")))

    def request(self, method: str, params: Any = None) -> int:
        self._next_id += 1
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": self._next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self._next_id

    def notify(self, method: str, params: Any = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    # -- waiting -----------------------------------------------------------------------------------

    def mark(self) -> int:
        with self._condition:
            return len(self.messages)

    def wait_for(self, describe: str, predicate: Callable[[list[dict[str, Any]]], Any], *,
                 timeout: float = TIMEOUT) -> Any:
        deadline = time.monotonic() + timeout
        with self._condition:
            while True:
                found = predicate(self.messages)
                if found:
                    return found
                if self.process.poll() is not None and not self._reader.is_alive():
                    raise AssertionError(f"the server exited ({self.process.returncode}) while waiting for {describe}; "
                                         f"stderr: {self.stderr_text()[-2000:]}")
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    recent = [summarize(m) for m in self.messages[-6:]]
                    raise AssertionError(f"timed out after {timeout}s waiting for {describe}; last messages: {recent}")
                self._condition.wait(min(remaining, 0.5))

    def response(self, msg_id: Any, *, timeout: float = TIMEOUT) -> dict[str, Any]:
        def find(messages):
            return next((m for m in messages if m.get("id") == msg_id and "method" not in m), None)
        return self.wait_for(f"the response to request {msg_id!r}", find, timeout=timeout)

    def responses(self, msg_id: Any) -> list[dict[str, Any]]:
        with self._condition:
            return [m for m in self.messages if m.get("id") == msg_id and "method" not in m]

    def call(self, method: str, params: Any = None, *, timeout: float = TIMEOUT) -> dict[str, Any]:
        return self.response(self.request(method, params), timeout=timeout)

    def notification(self, method: str, predicate: Callable[[dict[str, Any]], bool] = lambda p: True, *,
                     since: int = 0, timeout: float = TIMEOUT) -> dict[str, Any]:
        def find(messages):
            return next((m["params"] for m in messages[since:]
                         if m.get("method") == method and "id" not in m and predicate(m.get("params"))), None)
        return self.wait_for(f"a {method} notification", find, timeout=timeout)

    def notifications(self, method: str, since: int = 0) -> list[dict[str, Any]]:
        with self._condition:
            return [m.get("params") for m in self.messages[since:] if m.get("method") == method and "id" not in m]

    # -- the usual conversation --------------------------------------------------------------------

    def initialize(self, root: Path, capabilities: dict[str, Any] | None = None) -> dict[str, Any]:
        reply = self.call("initialize", {
            "processId": os.getpid(), "rootUri": root.as_uri(),
            "capabilities": capabilities if capabilities is not None else client_capabilities(),
            "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
        })
        assert "result" in reply, f"initialize failed: {reply}"
        self.notify("initialized", {})
        return reply["result"]

    def open(self, path: Path, text: str | None = None, version: int = 1) -> str:
        uri = path.as_uri()
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "typescript", "version": version,
            "text": path.read_text(encoding="utf-8") if text is None else text}})
        return uri

    def published(self, uri: str, *, version: int | None = None, since: int = 0,
                  timeout: float = TIMEOUT) -> dict[str, Any]:
        return self.notification("textDocument/publishDiagnostics",
                                 lambda p: p["uri"] == uri and (version is None or p.get("version") == version),
                                 since=since, timeout=timeout)

    def shutdown_and_exit(self) -> int:
        reply = self.call("shutdown")
        assert "result" in reply and reply["result"] is None, f"shutdown: {reply}"
        self.notify("exit")
        return self.wait_exit()

    def wait_exit(self, timeout: float = TIMEOUT) -> int:
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"the server did not exit within {timeout}s") from None
        self._reader.join(timeout)
        return code

    def stderr_text(self) -> str:
        self._stderr_file.flush()
        self._stderr_file.seek(0)
        return self._stderr_file.read().decode("utf-8", "replace")

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS in /proc status")

    def assert_clean_stdout(self) -> None:
        assert not self.violations, f"stdout carried something other than the protocol: {self.violations[:5]}"

    def stop(self) -> None:
        """Kills the server if it still runs (tear-down)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(TIMEOUT)
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass
        self._reader.join(TIMEOUT)
        self._stderr_file.close()
