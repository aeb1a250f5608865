"""`pnp serve` without a browser: the live state (only changed faces redrawn, a broken edit keeps
the last good faces) and the server's safety (read-only, nothing but its page and faces)."""

import http.client
import json
import shutil
import threading

import pytest

from helpers import ROOT, edit_csv, usage_error
from pnp.live import LiveKit
from pnp.server import is_loopback, shutdown, start


@pytest.fixture
def game(tmp_path):
    folder = tmp_path / "wuxing"
    shutil.copytree(ROOT / "card_data" / "wuxing", folder)
    return folder


def test_one_row_edit_redraws_one_face_and_a_broken_edit_keeps_the_last_good(game):
    live = LiveKit(game, dpi=40)
    first = live.rebuild()
    assert first["error"] is None and len(first["faces"]) == 51
    assert first["redrawn"] == len({f["img"] for f in first["faces"]}) == len(live.images)
    old_wood = first["faces"][0]["img"].split("/")[-1][:-4]
    imgs = {f["id"]: f["img"] for f in first["faces"]}

    edit_csv(game / "cards.csv", 2, "destroys", "fire")
    second = live.rebuild()
    assert second["redrawn"] == 1
    changed = [f["id"] for f in second["faces"] if f["img"] != imgs[f["id"]]]
    assert changed == ["s0-0-f"]  # the wood card's front; its back did not change
    wood = second["faces"][0]
    assert wood["source"] == {"file": "cards.csv", "row": 2}
    assert ['destroys', 'fire'] in second["rows"]["cards.csv:2"]
    assert any('cards.csv, row 2, field "destroys"' in f["text"] for f in wood["findings"])
    assert not second["faces"][1]["findings"]  # the back does not repeat it
    assert old_wood in live.images  # a page that has not heard of the rebuild yet
    second = live.rebuild()
    assert old_wood not in live.images and len(live.images) == first["redrawn"]

    edit_csv(game / "cards.csv", 3, "element", "plasma")
    broken = live.rebuild()
    assert broken["error"].startswith('cards.csv, row 3, field "element": unknown element')
    assert broken["faces"] == second["faces"] and broken["version"] == second["version"] + 1
    assert all(f["img"].split("/")[-1][:-4] in live.images for f in broken["faces"])

    edit_csv(game / "cards.csv", 3, "element", "fire")
    fixed = live.rebuild()
    assert fixed["error"] is None and fixed["redrawn"] == 0


def test_face_geometry_for_the_page_in_mm(game):
    face = LiveKit(game, dpi=40).rebuild()["faces"][0]
    assert (face["w"], face["h"]) == (69.0, 94.0)  # 63 x 88 mm card with 3 mm bleed
    assert face["zones"]["trim"] == {"x": 3.0, "y": 3.0, "w": 63.0, "h": 88.0}
    assert face["zones"]["safe"] == {"x": 6.0, "y": 6.0, "w": 57.0, "h": 82.0}
    names = {e["name"] for e in face["elements"]}
    assert {"symbol", "glyph", "name"} <= names
    for e in face["elements"]:
        assert 0 <= e["x"] and e["x"] + e["w"] <= 69.0 and 0 <= e["y"] <= 94.0


@pytest.fixture
def server(game):
    stop = threading.Event()
    srv, threads = start(str(game), port=0, dpi=40, echo=lambda line: None, stop=stop)
    srv.live.wait(0, 30)  # the first build
    yield srv
    shutdown(srv, threads, stop)


def _get(srv, path, method="GET", host=None):
    conn = http.client.HTTPConnection(*srv.server_address[:2], timeout=10)
    conn.putrequest(method, path, skip_host=host is not None)
    if host is not None:
        conn.putheader("Host", host)
    conn.endheaders()
    res = conn.getresponse()
    body = res.read()
    conn.close()
    return res.status, res.getheader("Content-Type"), body


def test_server_serves_its_page_state_and_faces_only(server):
    assert server.server_address[0] == "127.0.0.1" and server.url.startswith("http://127.0.0.1:")
    status, kind, body = _get(server, "/")
    assert status == 200 and kind.startswith("text/html") and b"EventSource" in body
    status, _, body = _get(server, "/state.json")
    state = json.loads(body)
    assert status == 200 and len(state["faces"]) == 51
    status, kind, body = _get(server, state["faces"][0]["img"])
    assert status == 200 and kind == "image/png" and body.startswith(b"\x89PNG")
    for path in ("/face/../../etc/passwd", "/face/%2e%2e/game.toml", "/..%2fcards.csv",
                 "/face/..%5c..%5cgame.toml", "/face/%2fetc%2fpasswd", "/face//etc/passwd"):
        status, _, body = _get(server, path)
        assert status == 403 and b"refused" in body, path
    # other paths are names on the server's own list, which holds no files of the game
    for path in ("/cards.csv", "/game.toml", "/face/" + "0" * 24 + ".png", "/etc/passwd",
                 "//etc/passwd"):
        assert _get(server, path)[0] == 404, path
    for method in ("POST", "PUT", "DELETE"):
        assert _get(server, "/state.json", method)[0] == 405
    assert _get(server, "/", host="attacker.example:80")[0] == 403  # DNS rebinding
    assert _get(server, "/", host=f"localhost:{server.server_address[1]}")[0] == 200


def test_event_stream_announces_each_rebuild(server, game):
    conn = http.client.HTTPConnection(*server.server_address[:2], timeout=20)
    conn.request("GET", "/events")
    res = conn.getresponse()
    assert res.getheader("Content-Type") == "text/event-stream"

    def next_version():
        while True:
            line = res.readline().decode()
            if line.startswith("data: "):
                return int(line[6:])

    now = next_version()
    edit_csv(game / "cards.csv", 2, "destroys", "fire")
    assert next_version() == now + 1
    conn.close()


def test_only_loopback_counts_as_local():
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("[::1]")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.4")
    assert not is_loopback("attacker.example")


def test_pnp_serve_prints_its_address_and_stops_cleanly_on_ctrl_c(game):
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--game", str(game),
                             "--dpi", "40"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    try:
        first = proc.stdout.readline()
        assert first.startswith("serving wuxing at http://127.0.0.1:"), first
        port = int(first.split("127.0.0.1:")[1].split("/")[0])
        assert proc.stdout.readline().startswith("rebuilt in")  # the first build
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/events")  # an open event stream must not hold up the stop
        assert conn.getresponse().status == 200
        time.sleep(0.2)
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=15)
    assert proc.returncode == 0 and out.strip().endswith("stopped"), out
    conn.close()


def test_serving_beyond_loopback_says_so():
    from pnp.server import exposure

    assert exposure("127.0.0.1") == [] and exposure("localhost") == []
    for host in ("0.0.0.0", "192.168.1.4", "::"):
        assert "not only on this computer" in exposure(host)[0]


def test_pnp_serve_reports_a_port_in_use(game):
    from click.testing import CliRunner

    from pnp.cli import main

    stop = threading.Event()
    srv, threads = start(str(game), port=0, dpi=40, echo=lambda line: None, stop=stop)
    try:
        res = CliRunner().invoke(main, ["serve", "--game", str(game), "--port",
                                        str(srv.server_address[1])])
    finally:
        shutdown(srv, threads, stop)
    assert res.exit_code == 1 and res.output.startswith("Error: cannot listen on 127.0.0.1:")


def test_new_art_under_the_same_file_name_is_redrawn(tmp_path):
    """Images are placed by file name; the face's digest still follows the picture's pixels."""
    from click.testing import CliRunner
    from PIL import Image

    from pnp.cli import main

    CliRunner().invoke(main, ["new", "arty", "--dir", str(tmp_path)])
    folder = tmp_path / "arty"
    Image.new("RGB", (40, 30), "red").save(folder / "art.png")
    (folder / "cards.csv").write_text("title,text,colour,count,image\n"
                                      "Sunrise,Draw two cards.,sun,3,art.png\n"
                                      "Growth,Gain 1 point.,leaf,2,\n", encoding="utf-8")
    live = LiveKit(folder, dpi=40)
    before = live.rebuild()
    Image.new("RGB", (40, 30), "blue").save(folder / "art.png")
    after = live.rebuild({folder / "art.png"})
    assert after["error"] is None and after["redrawn"] == 1  # three copies share one drawing
    changed = [a["id"] for a, b in zip(before["faces"], after["faces"]) if a["img"] != b["img"]]
    assert changed == ["s0-0-f", "s0-1-f", "s0-2-f"]


def test_head_other_methods_favicon_and_host_names(server):
    port = server.server_address[1]
    status, kind, body = _get(server, "/state.json", "HEAD")
    assert status == 200 and kind == "application/json" and body == b""
    assert _get(server, "/face/" + "0" * 24 + ".png", "HEAD")[0] == 404
    for method in ("OPTIONS", "TRACE", "POST"):
        conn = http.client.HTTPConnection(*server.server_address[:2], timeout=10)
        conn.request(method, "/")
        res = conn.getresponse()
        assert res.status == 405 and res.getheader("Allow") == "GET, HEAD", method
        conn.close()
    assert _get(server, "/favicon.ico")[:2] == (204, "image/x-icon")  # no error in the console
    for host in (f"LOCALHOST:{port}", "127.0.0.1", f"[::1]:{port}"):
        assert _get(server, "/", host=host)[0] == 200, host
    for host in (f"localhost:{port}, attacker.example", "localhost:x", "", "127.0.0.1.nip.io",
                 "localhost.attacker.example"):
        assert _get(server, "/", host=host)[0] == 403, host


def test_a_dropped_connection_is_no_traceback_but_a_bug_is_one_line(server, capfd):
    for exc in (ConnectionResetError(104, "reset"), BrokenPipeError(32, "broken pipe")):
        try:
            raise exc
        except OSError:
            server.handle_error(None, ("127.0.0.1", 5555))
    assert capfd.readouterr().err == ""
    try:
        raise ValueError("a bug")
    except ValueError:
        server.handle_error(None, ("127.0.0.1", 5555))
    err = capfd.readouterr().err
    assert err == "Error: unexpected ValueError answering 127.0.0.1: a bug\n"


def test_listening_on_every_address_prints_an_address_to_open():
    from types import SimpleNamespace

    from pnp.server import LiveServer

    url = LiveServer.url.fget
    assert url(SimpleNamespace(server_address=("0.0.0.0", 8000))) == "http://127.0.0.1:8000/"
    assert url(SimpleNamespace(server_address=("::", 8000, 0, 0))) == "http://[::1]:8000/"
    assert url(SimpleNamespace(server_address=("192.168.1.4", 80))) == "http://192.168.1.4:80/"


def test_a_big_deck_reads_its_csv_once_per_rebuild_not_once_per_face(tmp_path, monkeypatch):
    """The page's data rows come from one reading of each CSV: reading the file again for
    each of its faces made a 1,500-card deck take 20 s a rebuild instead of 2."""
    from click.testing import CliRunner

    import pnp.data.files as files
    from pnp.cli import main

    CliRunner().invoke(main, ["new", "deck", "--dir", str(tmp_path)])
    folder = tmp_path / "deck"
    (folder / "cards.csv").write_text("title,text,colour,count\n" + "".join(
        f"Card {i},Text {i}.,sun,1\n" for i in range(12)), encoding="utf-8")
    live = LiveKit(folder, dpi=30)
    live.rebuild()
    reads = []
    real = files.read_text
    monkeypatch.setattr(files, "read_text", lambda path, *a, **k: (reads.append(path),
                                                                   real(path, *a, **k))[1])
    state = live.rebuild()
    assert len(state["faces"]) == 24 and state["redrawn"] == 0
    assert state["rows"]["cards.csv:13"] == [["title", "Card 11"], ["text", "Text 11."],
                                             ["colour", "sun"], ["count", "1"]]
    assert sum(p.name == "cards.csv" for p in reads) <= 2  # the kit's reading and the page's


def test_an_empty_host_is_refused_not_every_address(game):
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.server import listen_address

    assert listen_address("[::1]") == "::1" and listen_address(" 127.0.0.1 ") == "127.0.0.1"
    for host in ("", "  ", "[]"):
        res = CliRunner().invoke(main, ["serve", "--game", str(game), "--host", host])
        assert usage_error(res, "--host").startswith("empty; give an address"), host


def test_a_row_edit_draws_only_the_faces_whose_row_changed(tmp_path, monkeypatch):
    """Only a data table changed: a face from a layout and a row that reads as before is the
    drawing it was; a changed layout file redraws every face."""
    from click.testing import CliRunner

    from pnp import live as live_module
    from pnp.cli import main

    CliRunner().invoke(main, ["new", "rows", "--dir", str(tmp_path)])
    folder = tmp_path / "rows"
    drawn = []
    real = live_module.draw_face
    monkeypatch.setattr(live_module, "draw_face",
                        lambda spec, *a: drawn.append(spec.id) or real(spec, *a))
    live = LiveKit(folder, dpi=30)
    first = live.rebuild()
    fronts = [f["id"] for f in first["faces"] if not f["back"]]
    every = sorted(drawn)  # one drawing a row (copies share it) and the shared back
    assert len(fronts) > 3 and fronts[0] in every and len(every) >= 3
    cards = folder / "cards.csv"
    lines = cards.read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1].replace(lines[1].split(",")[0], "Renamed", 1)
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    drawn.clear()
    after = live.rebuild({cards})
    changed = [a["id"] for a, b in zip(first["faces"], after["faces"]) if a["img"] != b["img"]]
    # the edited row's front and back drawn again (three copies share them), no other row's
    assert sorted(drawn) == ["s0-0-b", "s0-0-f"] and changed == fronts[:3]
    layout = folder / "layouts" / "card.toml"
    layout.write_text(layout.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    drawn.clear()
    live.rebuild({layout})
    assert sorted(drawn) == every


# ---- event streams: a closed one frees its slot, and streams never starve the page -------------
@pytest.fixture
def small_server(tmp_path):
    from pnp.scaffold import new_game

    stop = threading.Event()
    srv, threads = start(str(new_game("small", tmp_path, "deck")), port=0, dpi=30,
                         echo=lambda line: None, stop=stop)
    srv.live.wait(0, 30)  # the first build
    yield srv
    shutdown(srv, threads, stop)


def _stream(srv):
    """An /events request on a real socket: (its status, the socket, what followed the headers)."""
    import socket

    sock = socket.create_connection(srv.server_address[:2], timeout=5)
    sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    got = b""
    while b"\r\n\r\n" not in got:
        chunk = sock.recv(4096)
        if not chunk:
            break
        got += chunk
    head, _, rest = got.partition(b"\r\n\r\n")
    return int(head.split()[1]), sock, rest


def test_closed_event_streams_free_their_slots_within_seconds(small_server):
    """A fresh-user trial: 32 event streams whose clients had gone kept every slot ~30 s, and
    the page answered 503 meanwhile. Streams now have slots of their own, and a closed one is
    noticed within a heartbeat or two."""
    import time

    from pnp.server import MAX_CONNECTIONS, MAX_STREAMS

    assert MAX_STREAMS < MAX_CONNECTIONS
    streams = [_stream(small_server) for _ in range(MAX_CONNECTIONS)]
    assert [s for s, _, _ in streams].count(200) == MAX_STREAMS  # the rest: 503, at once
    assert {s for s, _, _ in streams} == {200, 503}
    assert _get(small_server, "/state.json")[0] == 200  # the page is answered all along
    for _, sock, _ in streams:
        sock.close()
    closed = time.monotonic()
    held = []
    while len(held) < MAX_STREAMS:  # every slot free again
        status, sock, _ = _stream(small_server)
        if status == 200:
            held.append(sock)
            continue
        sock.close()
        assert time.monotonic() - closed < 3, "closed streams still hold their slots"
        time.sleep(0.1)
    assert _get(small_server, "/state.json")[0] == 200
    for sock in held:
        sock.close()


def test_an_idle_event_stream_sends_a_heartbeat_every_second_or_so(small_server):
    import time

    status, sock, got = _stream(small_server)
    assert status == 200
    start = time.monotonic()
    while b": ping\n\n" not in got:
        got += sock.recv(4096)
    assert time.monotonic() - start < 2.5 and b"event: update" in got
    sock.close()
