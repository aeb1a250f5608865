"""`pnp serve`: a local web page of every face of a game, updated as the designer edits.

Built on the standard library (http.server with one thread per request): the page is one
hand-written HTML file, the updates are server-sent events (a long-lived GET), and the rendering
is synchronous code; one designer's browser needs no async framework and pnp no extra
dependency. Safe by default: it listens on loopback, answers GET and HEAD only, serves nothing
but its page, the state as JSON and the face images it rendered (by content hash), refuses `..`
or absolute paths, and answers only requests addressed to it by name (no DNS rebinding). As
production servers do, it bounds what a client can hold: a connection idle between requests is
closed after IDLE seconds, a request must arrive whole within REQUEST seconds (a client that
sends its headers a byte at a time is cut off), a write a client does not read times out, and
at most MAX_CONNECTIONS are served at once (each is a thread); more are turned away with 503.
An event stream, which lasts as long as its tab, leaves those for one of MAX_STREAMS slots of
its own, so open tabs never starve the page; a stream whose client has gone is noticed within
about a second (it is read for the end the client sent, and a heartbeat is written while
nothing else is), and its slot is free again.
"""

from __future__ import annotations

import ipaddress
import json
import re
import selectors
import socket
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable
from urllib.parse import unquote

from .live import LiveKit
from .stops import background

PAGE = Path(__file__).with_name("serve.html")
FACE = re.compile(r"/face/([0-9a-f]{24})\.png")
HEARTBEAT = 1.0  # seconds between keep-alive comments on an idle event stream
IDLE = 30.0  # seconds a kept-alive connection may wait for its next request
REQUEST = 10.0  # seconds to send a request line and headers, however slowly it trickles in
MAX_CONNECTIONS = 32  # a browser opens six per page
MAX_STREAMS = 16  # event streams, one a tab: apart from MAX_CONNECTIONS
CSP = ("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; "
       "script-src 'unsafe-inline'; connect-src 'self'")


HOST = re.compile(r"(\[[0-9a-fA-F:.]+\]|[^\[\]:,\s]+)(:\d{1,5})?")  # name or [v6], port


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class LiveServer(ThreadingHTTPServer):
    daemon_threads = True  # an open event stream must not hold up Ctrl-C
    request_queue_size = 64  # a page of many faces opens connections in bursts; 5 drops some

    def handle_error(self, request, client_address) -> None:
        """A browser that drops a connection (a tab closed, an image replaced while loading) is
        not news for the designer's terminal; anything else is said in one line."""
        exc = sys.exc_info()[1]
        if not isinstance(exc, (ConnectionError, TimeoutError)):
            print(f"Error: unexpected {exc.__class__.__name__} answering {client_address[0]}: "
                  f"{exc}", file=sys.stderr)

    def __init__(self, address: tuple[str, int], live: LiveKit, stop: threading.Event):
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        self.live, self.stop = live, stop
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self.streams = threading.BoundedSemaphore(MAX_STREAMS)
        self.streaming = threading.local()  # its thread's connection moved to a stream slot
        super().__init__(address, Handler)
        self.page = PAGE.read_bytes()

    def process_request(self, request, client_address) -> None:
        """A thread for the connection if one of MAX_CONNECTIONS is free; else a 503 at once."""
        if not self.slots.acquire(blocking=False):
            try:
                request.settimeout(1.0)
                request.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n"
                                b"Connection: close\r\nRetry-After: 1\r\n\r\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:  # no thread started: its slot is free again
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            if getattr(self.streaming, "moved", False):  # its connection slot was freed then
                self.streaming.moved = False
                self.streams.release()
            else:
                self.slots.release()

    def to_stream_slot(self) -> bool:
        """Move this thread's connection from its connection slot to a stream slot (False,
        and nothing moved, when every stream slot is taken). Its connection ends with the
        stream, so the stream slot is what process_request_thread frees."""
        if not self.streams.acquire(blocking=False):
            return False
        self.streaming.moved = True
        self.slots.release()
        return True

    @property
    def url(self) -> str:
        """The address to open on this computer: loopback when listening on every address."""
        host, port = self.server_address[:2]
        host = host.decode() if isinstance(host, (bytes, bytearray)) else str(host)
        if host in ("0.0.0.0", "::"):
            host = "::1" if ":" in host else "127.0.0.1"
        return f"http://{f'[{host}]' if ':' in host else host}:{port}/"


class _Deadline:
    """The handler's reading side: a request's lines read by at most one recv at a time, each
    given what is left of the request's deadline, so that a request trickling in a byte at a
    time cannot hold its thread for ever (a socket timeout counts from the last byte only)."""

    def __init__(self, rfile, connection):
        self.rfile, self.connection = rfile, connection
        self.until: float | None = None  # None: waiting for a request (IDLE applies)

    def readline(self, limit: int = -1) -> bytes:
        import time

        if self.until is None:  # between requests: the next one's first byte within IDLE
            self.connection.settimeout(IDLE)
            if not self.rfile.peek(1):
                return b""
            self.until = time.monotonic() + REQUEST
        parts: list[bytes] = []
        size = 0
        while limit < 0 or size < limit:
            left = self.until - time.monotonic()
            if left <= 0:
                raise TimeoutError("the request took too long to arrive")
            self.connection.settimeout(left)
            ahead = self.rfile.peek(1)  # at most one recv
            if not ahead:
                break
            end = ahead.find(b"\n")
            take = len(ahead) if end < 0 else end + 1
            if limit >= 0:
                take = min(take, limit - size)
            parts.append(self.rfile.read(take))  # from the buffer: no recv
            size += take
            if parts[-1].endswith(b"\n"):
                break
        return b"".join(parts)

    def __getattr__(self, name):
        return getattr(self.rfile, name)


class Handler(BaseHTTPRequestHandler):
    server: LiveServer
    protocol_version = "HTTP/1.1"
    head = False  # answering HEAD: the same headers, no body
    timeout = IDLE  # the socket's: also bounds a write the client does not read

    def setup(self) -> None:
        super().setup()
        self.rfile = _Deadline(self.rfile, self.connection)  # type: ignore[assignment]

    def handle_one_request(self) -> None:
        self.rfile.until = None  # type: ignore[attr-defined]
        super().handle_one_request()

    def parse_request(self) -> bool:
        read = super().parse_request()  # the headers are read: the answer has IDLE to go out
        self.connection.settimeout(IDLE)
        return read

    def log_message(self, format, *args) -> None:  # the terminal is for rebuild lines
        pass

    def do_GET(self) -> None:
        self._answer(head=False)

    def do_HEAD(self) -> None:
        self._answer(head=True)

    def _answer(self, head: bool) -> None:
        self.head = head
        path = self.path.split("?", 1)[0]  # not urlsplit: it reads "//x/y" as host x
        if not self._addressed_to_us():
            return self._plain(HTTPStatus.FORBIDDEN, "unknown Host")
        plain = unquote(path)
        if ".." in plain.split("/") or "//" in plain or "\\" in plain or "\0" in plain:
            return self._plain(HTTPStatus.FORBIDDEN, "refused: only the page and its faces")
        if path == "/":
            return self._send(HTTPStatus.OK, "text/html; charset=utf-8", self.server.page)
        if path == "/state.json":
            body = json.dumps(self.server.live.state).encode()
            return self._send(HTTPStatus.OK, "application/json", body, cache="no-store")
        if path == "/events":
            return self._events()
        if path == "/favicon.ico":  # browsers ask for it; an empty answer, not an error
            return self._send(HTTPStatus.NO_CONTENT, "image/x-icon", b"", cache="max-age=86400")
        match = FACE.fullmatch(path)
        image = self.server.live.images.get(match.group(1)) if match else None
        if image is None:
            return self._plain(HTTPStatus.NOT_FOUND, "no such face")
        # named by its content: the same name always shows the same picture
        self._send(HTTPStatus.OK, "image/png", image, cache="public, max-age=31536000, immutable")

    def _addressed_to_us(self) -> bool:
        """On loopback, a page from elsewhere must not reach us through a name that resolves
        to 127.0.0.1 (DNS rebinding): the Host must be a loopback name or address."""
        if not is_loopback(str(self.server.server_address[0])):
            return True
        match = HOST.fullmatch(self.headers.get("Host") or "")
        return match is not None and is_loopback(match.group(1))

    def _send(self, status: HTTPStatus, kind: str, body: bytes, cache: str = "no-cache",
              allow: str | None = None) -> None:
        self.send_response(status)
        if allow:
            self.send_header("Allow", allow)
        self.send_header("Content-Type", kind)
        if status != HTTPStatus.NO_CONTENT:  # which must not carry a length
            self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if not self.head:
            self.wfile.write(body)

    def _plain(self, status: HTTPStatus, text: str, allow: str | None = None) -> None:
        self._send(status, "text/plain; charset=utf-8", (text + "\n").encode(), allow=allow)

    def _events(self) -> None:
        """Server-sent events: the version number each time the faces were rebuilt, and a
        heartbeat comment while there is none, until the client goes away."""
        live, stop = self.server.live, self.server.stop
        self.close_connection = True
        if not self.server.to_stream_slot():
            self.send_response(HTTPStatus.SERVICE_UNAVAILABLE)
            self.send_header("Content-Length", "0")
            self.send_header("Retry-After", "5")
            self.end_headers()
            return
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if self.head:
            return
        with selectors.DefaultSelector() as reading:
            reading.register(self.connection, selectors.EVENT_READ)
            self._stream(live, stop, reading)

    def _stream(self, live: LiveKit, stop: threading.Event,
                reading: selectors.BaseSelector) -> None:
        seen = -1
        try:
            while not stop.is_set():
                version = live.wait(seen, HEARTBEAT)
                if self._hung_up(reading):
                    return
                if version != seen:
                    seen = version
                    self.wfile.write(f"id: {version}\nevent: update\ndata: {version}\n\n".encode())
                else:  # (on a socket closed unseen, the write fails: the next one at the latest)
                    self.wfile.write(b": ping\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser went away

    def _hung_up(self, reading: selectors.BaseSelector) -> bool:
        """The client of an event stream, which sends nothing after its request, has closed
        its end (or reset it)."""
        try:
            if not reading.select(0):
                return False
            return not self.connection.recv(1, socket.MSG_PEEK)
        except OSError:
            return True

    def do_POST(self) -> None:  # nothing on this server writes
        self.close_connection = True  # its body, unread, must not be taken for a request
        self._plain(HTTPStatus.METHOD_NOT_ALLOWED, "read-only", allow="GET, HEAD")

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = do_POST


def start(game: str, *, host: str = "127.0.0.1", port: int = 0, dpi: int = 150,
          echo: Callable[[str], None] = print, stop: threading.Event | None = None,
          variant: str | None = None):
    """Start watching and serving in background threads; returns (server, threads). The first
    build runs once the watch is armed, so no edit made while it runs is missed."""
    from .data.game import GameFolder, find_game
    from .errors import PnpError
    from .watch import changes, game_folders

    host = listen_address(host)
    folder = find_game(game)
    if variant is not None:
        GameFolder.open(folder, variant)  # an unknown variant: an error now, not on the page
    stop = stop or threading.Event()
    live = LiveKit(folder, dpi, variant=variant)
    try:
        server = LiveServer((host, port), live, stop)
    except OSError as exc:
        raise PnpError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None

    def watching() -> None:
        for changed in changes(lambda: game_folders(folder), stop):
            state = live.rebuild(changed)
            if state["error"]:
                echo(f"Error: {state['error']} -- the page keeps the last good faces")
            else:
                echo(f"rebuilt in {state['seconds']:.2f} s: {len(state['faces'])} faces, "
                     f"{state['redrawn']} redrawn")

    # (Ctrl-C stays the main thread's, which stops the server: pnp.stops)
    return server, [background(watching, "pnp-watch"), background(server.serve_forever, "pnp-serve")]


def listen_address(host: str) -> str:
    """--host as the socket wants it: "[::1]" is ::1; an empty one (an unset variable?) would
    listen on every address, so it is refused rather than guessed."""
    from .errors import OptionError

    address = host.strip()
    if address.startswith("[") and address.endswith("]"):
        address = address[1:-1]
    if not address:
        raise OptionError("--host", "empty; give an address such as 127.0.0.1 (this computer "
                          "only) or 0.0.0.0 (every network)")
    return address


def exposure(host: str) -> list[str]:
    """What to tell the designer about who can see the page."""
    if is_loopback(host):
        return []
    return [f"warning: listening on {host}, not only on this computer: anyone who can reach it "
            "over the network can see the game's faces (read-only)"]


def serve(game: str, *, host: str = "127.0.0.1", port: int = 0, dpi: int = 150,
          echo: Callable[[str], None] = print, variant: str | None = None) -> None:
    """Serve until Ctrl-C, then stop both threads and close the socket."""
    stop = threading.Event()
    server, threads = start(game, host=host, port=port, dpi=dpi, echo=echo, stop=stop,
                            variant=variant)
    echo(f"serving {server.live.folder.name} at {server.url} (Ctrl-C to stop)")
    for note in exposure(listen_address(host)):
        echo(note)
    try:
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        echo("stopped")
    finally:
        shutdown(server, threads, stop)


def shutdown(server: LiveServer, threads: list[threading.Thread], stop: threading.Event) -> None:
    stop.set()
    server.shutdown()
    server.server_close()
    for t in threads:
        t.join(5)
