# gdb oracle for dwarfvar's tests (run as gdb -batch -nx -x oracle.py with
# DWV_CFG naming a JSON config). At every stop it writes one JSON line: a
# core file of the process (generate-core-file), and for every frame of a
# function named in the config, the frame's pc, gdb's unwound registers,
# the CFA ("frame at" of info frame) and gdb's print of each expression.
import gdb
import json
import os
import re

cfg = json.load(open(os.environ["DWV_CFG"]))
out = open(cfg["out"], "w")
gdb.execute("set pagination off")
gdb.execute("set confirm off")
gdb.execute("set print entry-values no")
if cfg.get("pid"):
    # Attach to a running process: one stop per attach.
    gdb.execute("attach %d" % cfg["pid"], to_string=True)
else:
    if cfg.get("pending"):
        # Breakpoints in a shared library loaded at run time.
        gdb.execute("set breakpoint pending on")
    for b in cfg["breaks"]:
        gdb.execute("break " + b, to_string=True)
    gdb.execute("run " + " ".join(cfg.get("args", [])), to_string=True)
REGS = ["rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp",
        "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rip"]


def show(v):
    if v.is_optimized_out:
        return "<optimized out>"
    t = v.type.strip_typedefs()
    if t.code in (gdb.TYPE_CODE_REF, gdb.TYPE_CODE_RVALUE_REF):
        return show(v.referenced_value())
    if t.code == gdb.TYPE_CODE_PTR:
        return "0x%x" % (int(v) & 0xffffffffffffffff)
    return str(v)


def step_to(expr):
    """Single-steps (stepi) until the pc is the address expr gives, at
    most 256 instructions; False when it is not reached. A stop after
    stepi shows the frames of functions inlined at the pc (a stop at a
    breakpoint set by address hides them)."""
    want = int(gdb.parse_and_eval(expr)) & 0xffffffffffffffff
    for _ in range(256):
        if gdb.selected_frame().pc() == want:
            return True
        gdb.execute("stepi", to_string=True)
    return gdb.selected_frame().pc() == want


n = 0
while n < cfg["max"]:
    th = gdb.selected_thread()
    if th is None or not th.is_valid():
        break
    if cfg.get("step_to") and not step_to(cfg["step_to"]):
        gdb.execute("continue", to_string=True)
        continue
    n += 1
    core = os.path.join(cfg["dir"], "core.%d" % n)
    gdb.execute("generate-core-file " + core, to_string=True)
    stop = {"core": core, "frames": [],
            "main": int(gdb.parse_and_eval("(unsigned long)&" + cfg.get("bias_sym", "main")))}
    f = gdb.newest_frame()
    level = 0
    while f is not None and level < 64:
        fn = f.name() or ""
        # C++ frames are named "ns::Class::f(args)": match the DWARF name
        # and the qualified name, each a record of its own.
        qual = fn.split("(")[0]
        short = qual.split("::")[-1]
        keys = [k for k in dict.fromkeys([fn, qual, short]) if k in cfg["funcs"]]
        if not keys and level == 0:
            keys = [fn]  # the innermost frame, for its registers
        for key in keys:
            want = cfg["funcs"].get(key, [])
            f.select()
            regs = {}
            for r in REGS:
                try:
                    v = f.read_register(r)
                    regs[r] = None if v.is_optimized_out else int(v) & 0xffffffffffffffff
                except gdb.error:
                    regs[r] = None
            info = gdb.execute("info frame", to_string=True)
            m = re.search(r"frame at (0x[0-9a-f]+)", info)
            vals = {}
            for e in want:
                try:
                    vals[e] = show(gdb.parse_and_eval(e))
                except gdb.error as ex:
                    vals[e] = "error: " + str(ex)
            stop["frames"].append({"func": key, "level": level, "pc": f.pc(),
                                   "regs": regs, "cfa": int(m.group(1), 16) if m else None,
                                   "vals": vals})
        f = f.older()
        level += 1
    out.write(json.dumps(stop) + "\n")
    out.flush()
    if cfg.get("pid"):
        break
    gdb.execute("continue", to_string=True)
out.close()
try:
    gdb.execute("detach" if cfg.get("pid") else "kill", to_string=True)
except gdb.error:
    pass
