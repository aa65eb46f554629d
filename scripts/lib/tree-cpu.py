#!/usr/bin/env python3
"""Runs a command and writes the CPU time of its whole process tree as JSON.

Usage: tree-cpu.py REPORT.json -- COMMAND [ARG...]

`npm test` runs each lane through this, to print the lane's CPU beside its wall time. A process's
CPU reaches its parent only when the parent reaps it, and a daemon that detaches (pg_ctl's
postmaster, a browser's helpers) is reaped by init: so this process makes itself the tree's child
subreaper (Linux prctl), takes in every orphan, and reaps each one. Its children's rusage is then
the whole tree's. Node cannot make that call, hence Python's standard library.

Once the command has ended, a descendant still running has outlived its lane: it is named on stderr
and killed, so that no test process is left behind. The command's exit code is this one's.
Ctrl-C reaches the command from the terminal as it reaches this process, which ignores it; a
SIGTERM sent to this process alone is passed on.
"""
import ctypes
import json
import os
import resource
import signal
import subprocess
import sys

PR_SET_CHILD_SUBREAPER = 36
# How long the descendants may take to end after the command, before they are named and killed.
LEFTOVER_GRACE_SECONDS = int(os.environ.get('TREE_CPU_GRACE_SECONDS', '10'))


def children_of(pid):
    """Direct children of `pid`, from /proc, with their command lines."""
    found = []
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open(f'/proc/{entry}/stat') as stat:
                fields = stat.read().rsplit(')', 1)[1].split()
            if int(fields[1]) != pid or fields[0] == 'Z':
                continue
            with open(f'/proc/{entry}/cmdline', 'rb') as cmdline:
                found.append((int(entry), cmdline.read().replace(b'\0', b' ').decode(errors='replace').strip()))
        except (OSError, IndexError, ValueError):
            continue  # Ended while being read.
    return found


def reap_all():
    """Reaps every ended child without blocking."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


class Timeout(Exception):
    pass


def on_alarm(_signum, _frame):
    raise Timeout()


def main():
    report, separator, command = sys.argv[1], sys.argv[2], sys.argv[3:]
    if separator != '--' or not command:
        sys.exit('usage: tree-cpu.py REPORT.json -- COMMAND [ARG...]')
    libc = ctypes.CDLL(None, use_errno=True)
    subreaper = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    child = subprocess.Popen(command, restore_signals=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    signal.signal(signal.SIGTERM, lambda *_: child.send_signal(signal.SIGTERM))
    # Every ended process of the tree is reaped here as it ends; the command's status is kept.
    code = None
    while code is None:
        pid, status = os.wait()
        if pid == child.pid:
            code = os.waitstatus_to_exitcode(status)
            child.returncode = code
    if code < 0:
        code = 128 - code
    signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(LEFTOVER_GRACE_SECONDS)
    try:
        while True:
            os.wait()
    except ChildProcessError:
        pass  # Nothing left.
    except Timeout:
        reap_all()
        # A killed process's own children come here in turn: round after round until none is left.
        while leftovers := children_of(os.getpid()):
            for pid, cmdline in leftovers:
                print(f'tree-cpu: {cmdline[:200]} (pid {pid}) outlived its lane: killed', file=sys.stderr)
                os.kill(pid, signal.SIGKILL)
            for pid, _ in leftovers:
                try:
                    os.waitpid(pid, 0)
                except ChildProcessError:
                    pass  # Reaped with an earlier one.
            reap_all()
    signal.alarm(0)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(report, 'w') as out:
        json.dump({'user': usage.ru_utime, 'system': usage.ru_stime, 'wholeTree': subreaper}, out)
    sys.exit(code)


if __name__ == '__main__':
    main()
