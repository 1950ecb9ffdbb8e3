#!/usr/bin/env python3
"""Independent encoder of the worked example of format.go, for TestWorkedExample.

It follows the format description only (zlib's CRC-32, FNV-1a 64 written out
here) and prints the file's bytes as hex, one frame per line.
"""
import struct
import zlib


def uv(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def sv(n):
    return uv(((n << 1) ^ (n >> 63)) & 0xFFFFFFFFFFFFFFFF)


def s(x):
    x = x.encode()
    return uv(len(x)) + x


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for c in data:
        h ^= c
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def frame(kind, run, payload):
    head = b"\x89SND" + bytes([1, kind, 0, 0]) + struct.pack("<QI", run, len(payload))
    crc = zlib.crc32(payload, zlib.crc32(head))
    return head + struct.pack("<I", crc) + payload


RUN = 0x0123456789ABCDEF
run = s("cc") + uv(1) + s("./a") + sv(1_700_000_000 * 10**9) + uv(0) + sv(0) + uv(1) + s("count") + s("count")
strings = ["a.c", "main"]
body = uv(len(strings)) + b"".join(s(x) for x in strings) + uv(2)
# kind line, no mapping, addr 0, scope ref 1 ("a.c"), index, func ref 2, file ref 1, line, instrs 0
body += uv(2) + uv(0) + uv(0) + uv(1) + uv(0) + uv(2) + uv(1) + uv(3) + uv(0)
body += uv(2) + uv(0) + uv(0) + uv(1) + uv(1) + uv(2) + uv(1) + uv(4) + uv(0)
h = fnv1a64(body)
units = struct.pack("<Q", h) + body
counts = struct.pack("<Q", h) + uv(2) + uv(1) + uv(1) + uv(7)
for f in (frame(1, RUN, run), frame(5, RUN, units), frame(6, RUN, counts)):
    print(f.hex())
