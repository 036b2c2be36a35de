"""Draws Verso's toolbar icons (public/icon/<size>.png): a blue rounded square with a white V.
Pure Python (zlib + struct) so it runs anywhere; 4x supersampling for smooth edges."""
import math
import struct
import zlib
from pathlib import Path

BLUE = (31, 95, 209)
WHITE = (255, 255, 255)


def dist_to_segment(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def coverage(x, y):
    """Colour and alpha at a point of the unit square."""
    r = 0.2  # corner radius
    cx = min(max(x, r), 1 - r)
    cy = min(max(y, r), 1 - r)
    if math.hypot(x - cx, y - cy) > r:
        return None
    w = 0.085
    if dist_to_segment(x, y, 0.27, 0.28, 0.5, 0.74) < w or dist_to_segment(x, y, 0.73, 0.28, 0.5, 0.74) < w:
        return WHITE
    return BLUE


def render(size, ss=4):
    rows = []
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            acc = [0, 0, 0, 0]
            for sj in range(ss):
                for si in range(ss):
                    c = coverage((i + (si + 0.5) / ss) / size, (j + (sj + 0.5) / ss) / size)
                    if c:
                        acc[0] += c[0]
                        acc[1] += c[1]
                        acc[2] += c[2]
                        acc[3] += 1
            n = ss * ss
            a = acc[3]
            row += bytes([acc[0] // a if a else 0, acc[1] // a if a else 0, acc[2] // a if a else 0, 255 * a // n])
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)) + chunk(
        b"IDAT", zlib.compress(raw, 9)
    ) + chunk(b"IEND", b"")


if __name__ == "__main__":
    out = Path(__file__).resolve().parent.parent / "public" / "icon"
    out.mkdir(parents=True, exist_ok=True)
    for size in (16, 32, 48, 96, 128):
        (out / f"{size}.png").write_bytes(render(size))
        print(f"icon/{size}.png")
