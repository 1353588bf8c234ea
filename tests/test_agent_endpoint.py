"""Any endpoint: `model_options` reach the chat model, an endpoint on the loopback needs
no API key, the preflight asks the endpoint before any file is touched, and a call that
hangs past `timeout` is a model error that leaves the inputs in input/."""

from __future__ import annotations

import http.server
import threading
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from agent_script import ScriptedChatModel
from conftest import drop

from wikid import Action, Project
from wikid.config import DEFAULT_MODEL_TIMEOUT, AgentConfig, Config, ConfigError, load_config
from wikid.manager.agent import preflight as pf
from wikid.manager.agent.chat import LOCAL_API_KEY, chat_options
from wikid.manager.agent.draft import DraftEngine
from wikid.manager.agent.tools import ToolsEngine
from wikid.manager.select import select_manager


class _Slow(http.server.BaseHTTPRequestHandler):
    """Answers GET /v1/models at once (the preflight) and never answers a chat call in time."""

    asked = 0  # GET requests served: the preflight's
    chats = 0  # chat calls received

    def do_GET(self) -> None:  # the http.server API names it
        type(self).asked += 1
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b'{"object": "list", "data": [{"id": "slow", "object": "model"}]}')

    def do_POST(self) -> None:
        type(self).chats += 1
        time.sleep(5)

    def log_message(self, *args: object) -> None:
        pass


class _Failing(_Slow):
    """Answers the preflight, and every chat call with a server error."""

    def do_POST(self) -> None:
        self.send_response(500)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b'{"error": {"message": "the model crashed", "type": "server_error"}}')


def _serve(handler: type[http.server.BaseHTTPRequestHandler]) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()


@pytest.fixture
def endpoint() -> Iterator[str]:
    yield from _serve(_Slow)


@pytest.fixture
def failing_endpoint() -> Iterator[str]:
    yield from _serve(_Failing)


def test_model_options_come_from_the_file_and_one_key_from_the_environment(tmp_path: Path) -> None:
    (tmp_path / "wikid.yaml").write_text(
        "model: openai:qwen\nmodel_options:\n  base_url: http://127.0.0.1:8080/v1\n  temperature: 0\n  top_p: 0.9\n")
    config = load_config(tmp_path, {"WIKID_MODEL_OPTIONS_TIMEOUT": "30", "WIKID_MODEL_OPTIONS_MAX_TOKENS": "900"})
    assert config.model_options == {"base_url": "http://127.0.0.1:8080/v1", "temperature": 0, "top_p": 0.9,
                                    "timeout": 30, "max_tokens": 900}
    options = chat_options(config)
    assert options["api_key"] == LOCAL_API_KEY and options["timeout"] == 30  # loopback: no key needed


@pytest.mark.parametrize(("text", "named"), [
    ("model_options: 3\n", "`model_options` must be a mapping"),
    ("model_options:\n  timeout: 0\n", "`model_options.timeout` must be positive"),
    ("model_options:\n  base_url: localhost:8080\n", "`model_options.base_url` must be an http(s) URL"),
    ("model_options:\n  temperature: warm\n", "`model_options.temperature` must be int or float"),
])
def test_a_bad_model_option_names_the_key(tmp_path: Path, text: str, named: str) -> None:
    (tmp_path / "wikid.yaml").write_text(text)
    with pytest.raises(ConfigError, match=named.replace("(", r"\(").replace(")", r"\)")):
        load_config(tmp_path, {})


def test_a_hosted_model_keeps_its_key_and_gets_the_default_timeout() -> None:
    options = chat_options(Config(model="openai:gpt-4o-mini", model_options={"base_url": "https://api.example.com/v1"}))
    assert "api_key" not in options and options["timeout"] == DEFAULT_MODEL_TIMEOUT


def test_a_loopback_endpoint_needs_no_key_but_must_answer(endpoint: str) -> None:
    pytest.importorskip("langchain_openai")
    assert pf.preflight("openai:slow", environ={}, options={"base_url": endpoint}) == "openai"
    dead = endpoint.rsplit(":", 1)[0] + ":9/v1"  # the discard port: nothing listens
    with pytest.raises(ConfigError, match=r"model_options.base_url: .*no model server answers there.*start the server"):
        pf.preflight("openai:slow", environ={}, options={"base_url": dead})
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):  # a remote endpoint still needs its key
        pf.preflight("openai:gpt-4o", environ={}, options={})


def test_a_missing_agent_stack_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    real = pf.importlib.util.find_spec
    monkeypatch.setattr(pf.importlib.util, "find_spec", lambda name: None if name == "deepagents" else real(name))
    with pytest.raises(ConfigError, match=r"pip install 'wikid\[agent\]'"):
        pf.preflight("openai:qwen", environ={}, options={})


def test_a_call_past_the_timeout_is_sent_once_and_the_offline_page_is_used(project: Project, endpoint: str) -> None:
    """The SDK sent a draft that timed out twice more, unchanged (max_retries defaults to
    2): a local endpoint gets none, and the timed-out cluster the offline engine's page."""
    pytest.importorskip("langchain_openai")
    (project.root / "wikid.yaml").write_text(f"model: openai:slow\nmodel_options:\n  base_url: {endpoint}\n  timeout: 1\n")
    drop(project, "acme.txt", b"Vendor: Acme Corp\nPayment terms: 30 days\n")
    started = time.monotonic()
    _Slow.asked = _Slow.chats = 0
    report = project.update()
    [f] = report.files
    # update's check before any file is touched, and the batch's engine selection (the
    # daemon's check per batch); building the model asks no third time
    assert _Slow.asked == 2
    assert _Slow.chats == 1, "the call that timed out was sent again"
    assert time.monotonic() - started < 4.5  # not the 5 s the server takes
    assert f.action == Action.CREATED and not (project.paths.input / "acme.txt").exists()
    [stats] = report.engine_stats["drafts"]  # type: ignore[misc]
    assert stats["extra"]["fallback"] == "offline" and "the model timed out (OpenAITimeoutError" in stats["error"]


def test_a_model_error_is_exit_3_with_the_files_left_in_input(project: Project, failing_endpoint: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("langchain_openai")
    from wikid.cli import main

    (project.root / "wikid.yaml").write_text(
        f"model: openai:slow\nmodel_options:\n  base_url: {failing_endpoint}\n  timeout: 30\n  max_retries: 0\n")
    drop(project, "acme.txt", b"Vendor: Acme Corp\nPayment terms: 30 days\n")
    assert main(["-C", str(project.root), "update"]) == 3
    out = capsys.readouterr().out
    assert "retry     input/acme.txt" in out and "the model crashed" in out
    assert (project.paths.input / "acme.txt").exists()


def test_the_mode_selects_the_engine_and_draft_is_the_default() -> None:
    when = datetime(2026, 1, 1)
    model = ScriptedChatModel(steps=[])
    assert isinstance(select_manager(Config(), when, model), DraftEngine)
    assert isinstance(select_manager(Config(agent=AgentConfig(mode="tools")), when, model), ToolsEngine)
