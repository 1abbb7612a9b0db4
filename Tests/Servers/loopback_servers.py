"""Loopback servers the end-to-end tests start: an HTTPS server with a certificate of a test CA (optionally
asking for a client certificate), and an HTTP proxy that records what it was sent.

    python3 loopback_servers.py https CERT KEY [CLIENT_CA]   prints "PORT\n", then serves
    python3 loopback_servers.py proxy LOG                    prints "PORT\n", then serves
    python3 loopback_servers.py stream GATE                  prints "PORT\n", then serves

Each answers every request with a small JSON body naming what it saw; the proxy appends each request's
head to LOG. The stream server answers /events with server-sent events, /lines with JSON lines and /json
with one JSON document: the first part at once, the rest only once the file GATE exists (so a client that
shows nothing until the end never lets the test go on); it makes the file GATE.sent once a first part is
sent, for a test to wait on. Both stop when their standard input closes (the test ends).
"""
import http.server
import json
import socketserver
import ssl
import sys
import threading


class Echo(http.server.BaseHTTPRequestHandler):
    log_path = None

    def log_message(self, *args):
        pass

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if self.log_path:
            with open(self.log_path, "a", encoding="utf-8") as log:
                log.write(self.requestline + "\n" + str(self.headers) + "\n")
        peer = None
        if isinstance(self.connection, ssl.SSLSocket):
            cert = self.connection.getpeercert()
            peer = dict(x[0] for x in cert.get("subject", ())).get("commonName") if cert else None
        data = json.dumps({"target": self.path, "method": self.command, "client": peer, "bytes": len(body)}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_DELETE = answer


class Stream(http.server.BaseHTTPRequestHandler):
    gate = None

    def log_message(self, *args):
        pass

    def do_GET(self):
        import os
        import time
        events = self.path.startswith("/events")
        document = self.path.startswith("/json")
        if document:
            first, rest, kind = b'{"n": 1, ', b'"done": true}', "application/json"
        elif events:
            first, rest, kind = b'event: greet\nid: 1\ndata: {"n": 1}\n\n', b'data: {"n": 2, "done": true}\n\n', "text/event-stream"
        else:
            first, rest, kind = b'{"n": 1}\n', b'{"n": 2, "done": true}\n', "application/x-ndjson"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        if document:
            self.send_header("Content-Length", str(len(first + rest)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(first)
        self.wfile.flush()
        open(self.gate + ".sent", "w").close()
        deadline = time.time() + 20
        while not os.path.exists(self.gate) and time.time() < deadline:
            time.sleep(0.02)
        self.wfile.write(rest)
        self.wfile.flush()
        self.close_connection = True


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def main():
    kind = sys.argv[1]
    if kind == "stream":
        Stream.gate = sys.argv[2]
    server = Server(("127.0.0.1", 0), Stream if kind == "stream" else Echo)
    if kind == "https":
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[2], sys.argv[3])
        if len(sys.argv) > 4:
            context.verify_mode = ssl.CERT_REQUIRED
            context.load_verify_locations(sys.argv[4])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    elif kind == "proxy":
        Echo.log_path = sys.argv[2]
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()


if __name__ == "__main__":
    main()
