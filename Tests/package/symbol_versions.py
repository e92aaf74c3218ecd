#!/usr/bin/python3
"""Whether a binary's dynamic symbols are all provided by the shared libraries of a
Debian release, compared against those libraries themselves (their .gnu.version_d and
.dynsym as readelf reads them), never against a list of versions typed by hand:

    Tests/package/symbol_versions.py BIN SYSROOT NAME

SYSROOT holds the release's libraries (lib/ and usr/lib/ with the multiarch directory
of BIN's machine); NAME is what the lines call it (bookworm). For each library BIN
needs (DT_NEEDED), found in SYSROOT as the dynamic loader would:
  - every version BIN needs of it (.gnu.version_r) is one it defines (.gnu.version_d);
  - every undefined symbol BIN binds at a version is defined by that library at that
    version;
  - every other undefined symbol that is not weak is defined by one of the libraries.
Prints one line per problem naming the symbol, the version and the library, then a
summary with the newest version BIN needs of each library; exit 1 on any problem.
"""
import os
import re
import subprocess
import sys

MULTIARCH = {"AArch64": "aarch64-linux-gnu", "Advanced Micro Devices X86-64": "x86_64-linux-gnu"}


def readelf(*args):
    return subprocess.run(["readelf", "-W", *args], check=True, capture_output=True, text=True).stdout


def dynsym(path):
    """(name, version or None, defined, weak) for each .dynsym entry (only that table:
    readelf may print the hash table's view after it)."""
    out, rows, inside = readelf("--dyn-syms", path), [], False
    for line in out.splitlines():
        if line.startswith("Symbol table "):
            if inside:
                break
            inside = "'.dynsym'" in line
            continue
        fields = line.split()
        if not inside or len(fields) < 8 or not fields[0].endswith(":"):
            continue
        bind, ndx, name = fields[4], fields[6], fields[7]
        if not name:
            continue
        version = None
        m = re.match(r"^([^@]+)@@?(.+)$", name)
        if m:
            name, version = m.group(1), m.group(2)
        rows.append((name, version, ndx != "UND", bind == "WEAK"))
    return rows


def needed_versions(path):
    """{library: {version, ...}} from .gnu.version_r."""
    out, needs, current = readelf("-V", path), {}, None
    section = False
    for line in out.splitlines():
        if line.startswith("Version needs section"):
            section = True
            continue
        if line.startswith("Version ") and "section" in line:
            section = False
        if not section:
            continue
        m = re.search(r"File: (\S+)", line)
        if m:
            current = m.group(1)
            needs.setdefault(current, set())
            continue
        m = re.search(r"Name: (\S+)", line)
        if m and current:
            needs[current].add(m.group(1))
    return needs


def defined_versions(path):
    out, names, section = readelf("-V", path), set(), False
    for line in out.splitlines():
        if line.startswith("Version definition section"):
            section = True
            continue
        if line.startswith("Version ") and "section" in line:
            section = False
        if section:
            m = re.search(r"(?:Name|Parent \d+): (\S+)", line)
            if m:
                names.add(m.group(1))
    return names


def version_key(v):
    return [int(n) for n in re.findall(r"\d+", v)] or [0]


def main():
    if len(sys.argv) != 4:
        print("usage: symbol_versions.py BIN SYSROOT NAME", file=sys.stderr)
        return 64
    binary, sysroot, release = sys.argv[1:]
    machine = re.search(r"Machine:\s+(.*)", readelf("-h", binary)).group(1).strip()
    triplet = MULTIARCH.get(machine)
    if triplet is None:
        print(f"symbol-versions: {binary}: machine '{machine}' is not one this check knows", file=sys.stderr)
        return 64
    dirs = [os.path.join(sysroot, d) for d in
            (f"lib/{triplet}", f"usr/lib/{triplet}", "lib", "usr/lib")]
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", readelf("-d", binary))
    problems, libs = [], {}
    for soname in needed:
        path = next((os.path.join(d, soname) for d in dirs if os.path.exists(os.path.join(d, soname))), None)
        if path is None:
            problems.append(f"{soname}: needed, not in {release}'s libraries ({sysroot})")
            continue
        libs[soname] = (path, defined_versions(path), dynsym(path))
    needs = needed_versions(binary)
    for soname, versions in sorted(needs.items()):
        if soname not in libs:
            continue
        for v in sorted(versions, key=version_key):
            if v not in libs[soname][1]:
                problems.append(f"{soname}: version {v} needed, {release}'s {soname} defines no such version")
    # An undefined symbol's version names its library: the one whose version_r entry
    # holds that version (a name such as GLIBC_2.17 is needed of several libraries, so
    # the symbol must be defined at that version by one of them).
    by_version = {}
    for soname, versions in needs.items():
        for v in versions:
            by_version.setdefault(v, []).append(soname)
    defined = {soname: {(n, v) for n, v, d, _ in rows if d} for soname, (_, _, rows) in libs.items()}
    defined_any = {soname: {n for n, _, d, _ in rows if d} for soname, (_, _, rows) in libs.items()}
    symbols, unchecked = 0, 0
    missing = [s for s in needed if s not in libs]
    for name, version, is_defined, weak in dynsym(binary):
        if is_defined:
            continue
        symbols += 1
        if version:
            owners = [s for s in by_version.get(version, []) if s in libs]
            if not any((name, version) in defined[s] for s in owners):
                where = " or ".join(by_version.get(version, ["?"]))
                problems.append(f"{name}@{version}: needed from {where}, which {release} does not define at that version")
        elif not weak and not any(name in defined_any[s] for s in libs):
            if missing:
                unchecked += 1  # most likely the missing library's: counted, not listed
            else:
                problems.append(f"{name}: undefined, and none of {release}'s {', '.join(libs)} defines it")
    if unchecked:
        problems.append(f"{unchecked} unversioned symbols defined by none of {release}'s libraries "
                        f"(with {', '.join(missing)} missing, not listed)")
    for p in problems:
        print(f"symbol-versions: {os.path.basename(binary)} against {release}: {p}")
    newest = ", ".join(f"{s} {max(v, key=version_key)}" for s, v in sorted(needs.items()) if v)
    print(f"symbol-versions: {binary}: {symbols} undefined symbols from {len(needed)} libraries checked against "
          f"{release}'s own ({sysroot}); newest needed: {newest}; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
