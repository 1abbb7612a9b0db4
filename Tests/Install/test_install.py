"""scripts/install and scripts/package with the release binary (APISH_RELEASE_BIN, else .build/release/apish).

The package is extracted with dpkg-deb -x and its binary run in a mount namespace where an empty folder is
bound over the Swift toolchain's, so nothing of the toolchain can be loaded: the tour, a script against
`apish serve`, and --version. Run by scripts/test ("install and package"); alone:

    APISH_RELEASE_BIN=.build/release/apish python3 -m unittest discover -s Tests/Install -v
"""

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("APISH_RELEASE_BIN", os.path.join(ROOT, ".build/release/apish"))

INSTALLED = [
    "bin/apish",
    "share/man/man1/apish.1",
    "share/bash-completion/completions/apish",
    "share/zsh/site-functions/_apish",
    "share/fish/vendor_completions.d/apish.fish",
]


def run(*arguments, **options):
    return subprocess.run(arguments, capture_output=True, text=True, timeout=300, **options)


def tree(folder):
    """Every file and folder under `folder`, relative to it."""
    found = set()
    for directory, folders, files in os.walk(folder):
        for name in folders + files:
            found.add(os.path.relpath(os.path.join(directory, name), folder))
    return found


def toolchain():
    """The folder the Swift toolchain lives in (/opt/swift for /opt/swift/usr/bin/swift), or None."""
    swift = shutil.which("swift")
    if swift is None:
        return None
    path = os.path.dirname(os.path.realpath(swift))
    for part in ("bin", "usr"):
        if os.path.basename(path) == part:
            path = os.path.dirname(path)
    return path if path != "/" else None


@unittest.skipUnless(os.access(BINARY, os.X_OK), f"no release binary at {BINARY} (swift build -c release)")
class InstallTests(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="apish-install-test.")
        self.addCleanup(shutil.rmtree, self.work, True)

    def install(self, *arguments):
        result = run(os.path.join(ROOT, "scripts/install"), "--binary", BINARY, *arguments)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result

    def test_install_then_uninstall_leaves_the_prefix_as_it_was(self):
        # GIVEN a prefix that already holds something of its own
        prefix = os.path.join(self.work, "prefix")
        os.makedirs(os.path.join(prefix, "share/man/man1"))
        with open(os.path.join(prefix, "share/man/man1/other.1"), "w") as file:
            file.write(".TH OTHER 1\n")
        before = tree(prefix)
        # WHEN apish is installed there
        self.install("--prefix", prefix)
        # THEN each part is where its reader looks, the binary stripped and runnable, the manual and scripts its own
        for path in INSTALLED:
            self.assertTrue(os.path.isfile(os.path.join(prefix, path)), path)
        binary = os.path.join(prefix, "bin/apish")
        self.assertRegex(run(binary, "--version").stdout, r"^apish \d+\.\d+\.\d+ \(commit ")
        sections = run("readelf", "-S", binary).stdout
        self.assertNotIn(".debug_info", sections)
        self.assertIn(".gnu_debuglink", sections)
        with open(os.path.join(prefix, "share/man/man1/apish.1")) as file:
            self.assertEqual(file.read(), run(binary, "man").stdout)
        with open(os.path.join(prefix, "share/zsh/site-functions/_apish")) as file:
            self.assertEqual(file.read(), run(binary, "completion", "zsh").stdout)
        # and the manifest lists exactly what was added, with checksums
        added = tree(prefix) - before
        manifest = os.path.join(prefix, "share/apish/installed-files")
        with open(manifest) as file:
            lines = [line.rstrip("\n").split("\t") for line in file]
        listed = {os.path.relpath(path, prefix) for _, _, path in lines}
        self.assertEqual(added - {"share/apish/installed-files"}, listed)
        for kind, checksum, path in lines:
            if kind == "file":
                with open(path, "rb") as file:
                    self.assertEqual(hashlib.sha256(file.read()).hexdigest(), checksum)
        # WHEN installed again and then uninstalled
        self.install("--prefix", prefix)
        self.install("--prefix", prefix, "--uninstall")
        # THEN the prefix is as it was, its own file kept
        self.assertEqual(tree(prefix), before)

    def test_uninstall_keeps_a_file_changed_since(self):
        prefix = os.path.join(self.work, "prefix")
        self.install("--prefix", prefix)
        with open(os.path.join(prefix, "share/bash-completion/completions/apish"), "a") as file:
            file.write("# mine\n")
        result = run(os.path.join(ROOT, "scripts/install"), "--prefix", prefix, "--uninstall")
        self.assertEqual(result.returncode, 1)
        self.assertIn("kept " + os.path.join(prefix, "share/bash-completion/completions/apish"), result.stderr)
        self.assertEqual(tree(prefix), {"share", "share/bash-completion", "share/bash-completion/completions",
                                        "share/bash-completion/completions/apish"})

    def test_install_refuses_to_replace_a_file_it_did_not_put_there(self):
        # GIVEN a prefix where the user keeps their own bin/apish
        prefix = os.path.join(self.work, "prefix")
        mine = os.path.join(prefix, "bin/apish")
        os.makedirs(os.path.dirname(mine))
        with open(mine, "w") as file:
            file.write("#!/bin/sh\necho mine\n")
        before = tree(prefix)
        # WHEN apish is installed there without --force
        result = run(os.path.join(ROOT, "scripts/install"), "--binary", BINARY, "--prefix", prefix)
        # THEN it stops before writing anything, naming the file and the way out
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn(mine + " is not one apish installed", result.stderr)
        self.assertIn("--force", result.stderr)
        self.assertEqual(tree(prefix), before)
        with open(mine) as file:
            self.assertEqual(file.read(), "#!/bin/sh\necho mine\n")

    def test_force_keeps_a_backup_that_uninstall_puts_back(self):
        # GIVEN the user's own man page at apish's path
        prefix = os.path.join(self.work, "prefix")
        mine = os.path.join(prefix, "share/man/man1/apish.1")
        os.makedirs(os.path.dirname(mine))
        with open(mine, "w") as file:
            file.write(".TH MINE 1\n")
        before = tree(prefix)
        # WHEN installed with --force, then again (a second install replaces the first), then uninstalled
        result = self.install("--prefix", prefix, "--force")
        self.assertIn(mine + ".apish-backup", result.stderr)
        with open(mine + ".apish-backup") as file:
            self.assertEqual(file.read(), ".TH MINE 1\n")
        with open(mine) as file:
            self.assertEqual(file.read(), run(BINARY, "man").stdout)
        self.install("--prefix", prefix)
        self.install("--prefix", prefix, "--uninstall")
        # THEN the user's file is back where it was, and nothing of apish is left
        self.assertEqual(tree(prefix), before)
        with open(mine) as file:
            self.assertEqual(file.read(), ".TH MINE 1\n")

    def test_uninstall_of_nothing_says_so(self):
        result = run(os.path.join(ROOT, "scripts/install"), "--prefix", self.work, "--uninstall")
        self.assertEqual(result.returncode, 1)
        self.assertIn("nothing installed under", result.stderr)


@unittest.skipUnless(os.access(BINARY, os.X_OK), f"no release binary at {BINARY} (swift build -c release)")
@unittest.skipUnless(shutil.which("dpkg-deb"), "dpkg-deb is missing (scripts/setup --test installs dpkg-dev)")
class PackageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="apish-package-test.")
        result = run(os.path.join(ROOT, "scripts/package"), "--binary", BINARY, "--out", cls.work)
        if result.returncode != 0:
            raise AssertionError("scripts/package failed: " + result.stderr)
        cls.deb = result.stdout.strip().splitlines()[-1]
        cls.root = os.path.join(cls.work, "root")
        extracted = run("dpkg-deb", "-x", cls.deb, cls.root)
        if extracted.returncode != 0:
            raise AssertionError("dpkg-deb -x failed: " + extracted.stderr)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work, True)

    def test_name_fields_and_files(self):
        # THEN apish_VERSION_ARCH.deb, depending on the system libraries only
        version = run(BINARY, "--version").stdout.split()[1]
        architecture = run("dpkg", "--print-architecture").stdout.strip()
        self.assertEqual(os.path.basename(self.deb), f"apish_{version}_{architecture}.deb")
        depends = {name.strip() for name in run("dpkg-deb", "-f", self.deb, "Depends").stdout.split(",")}
        self.assertTrue({"libcurl4", "libedit2", "libyaml-0-2"} <= depends, depends)
        self.assertFalse(any("swift" in name for name in depends))
        files = tree(os.path.join(self.root, "usr"))
        for path in ["bin/apish", "share/man/man1/apish.1.gz", "share/bash-completion/completions/apish",
                     "share/zsh/vendor-completions/_apish", "share/fish/vendor_completions.d/apish.fish"]:
            self.assertIn(path, files)
        self.assertTrue(os.path.isfile(os.path.join(self.work, "apish.debug")))

    def test_every_library_it_links_is_a_dependency(self):
        # GIVEN the libraries the packaged binary names (NEEDED) and where the loader finds them
        binary = os.path.join(self.root, "usr/bin/apish")
        loaded = run("ldd", binary).stdout
        self.assertNotIn("libswift", loaded)
        self.assertNotIn("libFoundation", loaded)
        self.assertIn("DYN", run("readelf", "-h", binary).stdout)
        needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", run("readelf", "-d", binary).stdout)
        self.assertIn("libyaml-0.so.2", needed)
        # libcurl and libedit are opened later, by dlopen, when a request or a prompt first needs them; the
        # package still depends on them (test_name_fields_and_files)
        self.assertNotIn("libcurl.so.4", needed)
        self.assertNotIn("libedit.so.2", needed)
        paths = dict(re.findall(r"^\s*(\S+) => (\S+)", loaded, re.MULTILINE))
        depends = {name.strip() for name in run("dpkg-deb", "-f", self.deb, "Depends").stdout.split(",")}
        # THEN each comes from a Debian package the .deb depends on
        for name in needed:
            path = paths.get(name, name)
            owner = run("dpkg", "-S", path)
            if owner.returncode != 0:
                owner = run("dpkg", "-S", os.path.realpath(path))
            self.assertEqual(owner.returncode, 0, f"{name} ({path}) belongs to no package")
            package = owner.stdout.split(":")[0]
            self.assertIn(package, depends, f"{name} is from {package}")

    @unittest.skipUnless(shutil.which("unshare") and os.geteuid() == 0, "needs unshare and root for a mount namespace")
    def test_runs_with_the_toolchain_out_of_reach(self):
        folder = toolchain()
        if folder is None:
            self.skipTest("no Swift toolchain on PATH to hide")
        empty = os.path.join(self.work, "empty")
        os.makedirs(empty, exist_ok=True)
        binary = os.path.join(self.root, "usr/bin/apish")
        state = os.path.join(self.work, "state")
        # WHEN an empty folder is bound over the toolchain's and the packaged binary runs there: --version, the
        # tour on the embedded demo, and a script against `apish serve`
        inner = f"""
            set -e
            mount --bind {empty} {folder}
            test ! -e {folder}/usr/bin/swift
            {binary} --version
            {binary} --no-color {ROOT}/examples/tour.apish >{self.work}/tour.out
            {binary} serve --port 0 >{self.work}/serve.out &
            server=$!
            for i in $(seq 100); do grep -q listening {self.work}/serve.out 2>/dev/null && break; sleep 0.05; done
            url=$(sed -n 's/.*listening on \\([^ ]*\\).*/\\1/p' {self.work}/serve.out)
            printf 'use weather v2\\nrefresh weather\\nexpect currentTemperature == 63\\nexpect status 200\\n' >{self.work}/check.apish
            status=0
            {binary} --no-color --locator "$url/services.json" {self.work}/check.apish || status=$?
            kill $server
            exit $status
        """
        result = run("unshare", "-m", "--propagation", "private", "bash", "-c", inner,
                     env={"PATH": "/usr/bin:/bin", "HOME": self.work, "XDG_STATE_HOME": state,
                          "XDG_CONFIG_HOME": state, "XDG_CACHE_HOME": state})
        # THEN each ran, and said so
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertRegex(result.stdout, r"^apish \d+\.\d+\.\d+ \(commit ")
        self.assertIn("Temperature", result.stdout)
        with open(os.path.join(self.work, "tour.out")) as file:
            self.assertIn("Richmond", file.read())


def library_path(soname):
    """Where the loader finds `soname` (ldconfig's cache), resolved, or None."""
    ldconfig = shutil.which("ldconfig") or ("/sbin/ldconfig" if os.path.exists("/sbin/ldconfig") else None)
    if ldconfig is None:
        return None
    for line in run(ldconfig, "-p").stdout.splitlines():
        if f"{soname} " in line and "=>" in line:
            return os.path.realpath(line.split("=>")[1].strip())
    return None


@unittest.skipUnless(os.access(BINARY, os.X_OK), f"no release binary at {BINARY} (swift build -c release)")
class LoadOnDemandTests(unittest.TestCase):
    """libcurl is opened by the first request, not linked: what sends nothing never loads it (and the thirty
    libraries it needs), and where it cannot be loaded a request says so in one line."""

    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="apish-load-test.")
        self.addCleanup(shutil.rmtree, self.work, True)
        self.locator = os.path.join(self.work, "locator.json")
        services = []
        for version, kind in (("v1", "string"), ("v2", "integer")):
            with open(os.path.join(self.work, f"{version}.json"), "w") as file:
                file.write('{"openapi": "3.0.3", "info": {"title": "local", "version": "%s"}, "paths": {"/pets": {"get": '
                           '{"operationId": "listPets", "responses": {"200": {"description": "ok", "content": '
                           '{"application/json": {"schema": {"type": "%s"}}}}}}}}}' % (version, kind))
            services.append('{"name": "local", "version": "%s", "url": "http://127.0.0.1:9/", "openapi": "%s.json"}'
                            % (version, version))
        with open(self.locator, "w") as file:
            file.write('{"services": [%s]}' % ", ".join(services))
        self.env = {"PATH": "/usr/bin:/bin", "HOME": self.work, "XDG_STATE_HOME": self.work,
                    "XDG_CONFIG_HOME": self.work, "XDG_CACHE_HOME": self.work, "NO_COLOR": "1"}

    def loads(self, *arguments):
        """What the binary printed, and whether the loader opened libcurl while it ran them."""
        result = run(BINARY, *arguments, env=dict(self.env, LD_DEBUG="files"))
        return result, re.search(r"file=libcurl\.so\.4 ", result.stderr) is not None

    def test_libcurl_is_loaded_by_the_first_request_only(self):
        # WHEN apish starts and answers without sending anything
        for arguments in (["--version"], ["--no-color", "--locator", self.locator, "-c", "services"],
                          ["--no-color", "--locator", self.locator, "-c", "diff local v1 v2 --spec"]):
            result, loaded = self.loads(*arguments)
            # THEN libcurl was never opened
            self.assertIn(result.returncode, (0, 1), result.stdout + result.stderr[-2000:])
            self.assertNotIn("error", result.stdout)
            self.assertFalse(loaded, arguments)
        # WHEN it sends a request (the embedded demo's weather)
        result, loaded = self.loads("--no-color", "-c", "refresh weather")
        # THEN libcurl was opened, and the answer came
        self.assertEqual(result.returncode, 0, result.stderr[-2000:])
        self.assertIn("Richmond", result.stdout)
        self.assertTrue(loaded)

    def test_without_libcurl_a_request_says_why_in_one_line(self):
        library = library_path("libcurl.so.4")
        if not library or not shutil.which("unshare"):
            self.skipTest("needs ldconfig, unshare and a libcurl.so.4 to hide")
        if run("unshare", "-rm", "mount", "--bind", "/dev/null", library).returncode != 0:
            self.skipTest("unprivileged mount namespaces are not allowed here")

        def hidden(*arguments):
            return run("unshare", "-rm", "sh", "-c", 'mount --bind /dev/null "$1" && shift && exec "$@"', "sh", library,
                       BINARY, *arguments, env=self.env)

        # GIVEN libcurl hidden (/dev/null bound over it): what sends nothing still works
        listed = hidden("--no-color", "--locator", self.locator, "-c", "services")
        self.assertEqual(listed.returncode, 0, listed.stderr)
        self.assertIn("local", listed.stdout)
        # WHEN a request is sent
        result = hidden("--no-color", "-c", "refresh weather")
        # THEN it fails with one line that says libcurl could not be loaded, and no crash
        self.assertGreater(result.returncode, 0, result.stdout + result.stderr)
        self.assertLess(result.returncode, 64, result.stderr)
        lines = [line for line in result.stderr.splitlines() if "libcurl" in line]
        self.assertEqual(len(lines), 1, result.stderr)
        self.assertIn("libcurl could not be loaded", lines[0])


if __name__ == "__main__":
    unittest.main()
