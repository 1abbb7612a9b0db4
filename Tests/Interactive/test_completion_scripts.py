"""The completion scripts `apish completion bash|zsh|fish` writes, each loaded in its own shell under a
pseudo-terminal and asked to complete hostile profile and file names: a name is only ever a name. Nothing in
it runs (no marker file appears), and TAB puts it on the line quoted so that the command receives it whole.

Run: python3 -m unittest Tests/Interactive/test_completion_scripts.py   (APISH_BIN overrides the binary path)
"""
import json
import os
import shutil
import subprocess
import tempfile
import unittest

import pexpect

from pty_support import BINARY, TIMEOUT

# Each begins with its own letter, which is what is typed before TAB; the marker is `pwned` in the folder.
HOSTILE = [
    "a$(touch pwned)",
    "b`touch pwned`",
    "c;touch pwned",
    "d two  spaces",
    "e it's \"quoted\"",
    "f new\nline",
    "g co:lon",
]
# The prompt is assembled by the shell, so the line typed (echoed back) never looks like it.
READY = "READY> "
# What the stand-in apish prints once it has written its arguments down (printed in two halves, so the
# setup that defines it never shows it).
WROTE = "WROTEARGS"


class CompletionScripts(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="apish-completion-")
        self.work = os.path.join(self.root, "work")
        profiles = os.path.join(self.root, "config", "apish", "profiles")
        os.makedirs(profiles)
        os.makedirs(self.work)
        for name in HOSTILE:
            with open(os.path.join(profiles, name + ".json"), "w") as file:
                file.write("{}")
            with open(os.path.join(self.work, name + ".apish"), "w") as file:
                file.write("services\n")
        self.arguments = os.path.join(self.root, "arguments")
        self.children = []

    def tearDown(self):
        for child in self.children:
            if child.isalive():
                child.terminate(force=True)
        shutil.rmtree(self.root, ignore_errors=True)

    def script(self, shell, name):
        path = os.path.join(self.root, name)
        with open(path, "w") as file:
            file.write(subprocess.run([BINARY, "completion", shell], check=True, capture_output=True, text=True).stdout)
        return path

    def spawn(self, program, arguments, extra=None):
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.root, "TERM": "xterm",
            "XDG_CONFIG_HOME": os.path.join(self.root, "config"), "ARGUMENTS": self.arguments,
            "READY_WORD": "READY",
        }
        env.update(extra or {})
        child = pexpect.spawn(program, arguments, cwd=self.work, env=env, encoding="utf-8", timeout=TIMEOUT,
                              dimensions=(40, 200))
        self.children.append(child)
        child.expect_exact(READY)
        return child

    def complete(self, child, typed, after=""):
        """Types `typed`, TAB, `after` and Enter (each key is read in order), and returns the arguments the
        stand-in `apish` function received."""
        if os.path.exists(self.arguments):
            os.remove(self.arguments)
        child.send(typed + "\t" + after + "\r")
        # The stand-in says when it has written them down: a prompt redrawn under a list TAB showed is no sign.
        child.expect_exact(WROTE)
        child.expect_exact(READY)
        self.assertTrue(os.path.exists(self.arguments), f"{typed!r} ran no command: {child.before!r}")
        self.assertFalse(os.path.exists(os.path.join(self.work, "pwned")), f"completing {typed!r} ran a name as a command")
        with open(self.arguments, encoding="utf-8") as file:
            return file.read().split("\0")[:-1]

    def check(self, child, file_names):
        for name in HOSTILE:
            self.assertEqual(self.complete(child, "apish --profile " + name[0]), ["--profile", name])
        for name in file_names:
            self.assertEqual(self.complete(child, "apish -f " + name[0]), ["-f", name + ".apish"])

    def bash(self):
        """bash with apish's script and a stand-in apish that writes down its arguments."""
        rc = os.path.join(self.root, "bashrc")
        with open(rc, "w") as file:
            file.write(f"source {self.script('bash', 'apish.bash')}\n"
                       "apish() { printf '%s\\0' \"$@\" > \"$ARGUMENTS\"; printf '%s%s\\n' WROTE ARGS; }\n"
                       "PS1=\"$READY_WORD> \"\n")
        return self.spawn("bash", ["--rcfile", rc, "-i"])

    def zsh(self):
        functions = os.path.join(self.root, "functions")
        os.makedirs(functions)
        shutil.move(self.script("zsh", "_apish"), os.path.join(functions, "_apish"))
        with open(os.path.join(self.root, ".zshrc"), "w") as file:
            file.write(f"fpath=({functions} $fpath)\nautoload -U compinit && compinit -u -D\n"
                       "apish() { printf '%s\\0' \"$@\" > \"$ARGUMENTS\"; printf '%s%s\\n' WROTE ARGS; }\n"
                       "PS1=\"$READY_WORD> \"\n")
        return self.spawn("zsh", ["-d", "-i"], {"ZDOTDIR": self.root})

    def fish(self):
        script = self.script("fish", "apish.fish")
        setup = (f"source {script}; function apish; printf '%s\\0' $argv > $ARGUMENTS; printf '%s%s\\n' WROTE ARGS; end; "
                 "function fish_prompt; printf '%s> ' $READY_WORD; end")
        return self.spawn("fish", ["--no-config", "-i", "-C", setup])

    def check_options(self, child):
        """Every option `apish --dump-declarations` declares, apish's own and each subcommand's, typed as the
        shortest start that is no other option's and completed with TAB: the whole name arrives."""
        dump = json.loads(subprocess.run([BINARY, "--dump-declarations"], check=True, capture_output=True, text=True).stdout)
        tool = dump["tool"]
        contexts = [([], tool["options"])] + [([sub["name"]], sub["options"]) for sub in tool["subcommands"] if sub["options"]]
        top = {name for option in tool["options"] for name in option["names"]}
        checked = 0
        for before, options in contexts:
            names = {name for option in options for name in option["names"]}
            offered = names | top
            for name in sorted(names):
                prefix = next((name[:end] for end in range(2, len(name) + 1)
                               if not any(other != name and other.startswith(name[:end]) for other in offered)), None)
                if prefix is None:
                    # A name that starts another (`--key`, `--key-password-env`) is completed only as far as both go.
                    continue
                with self.subTest(option=" ".join(before + [name])):
                    typed = " ".join(["apish"] + before + [prefix])
                    self.assertEqual(self.complete(child, typed)[:len(before) + 1], before + [name])
                    checked += 1
        self.assertGreater(checked, len(tool["options"]))

    def check_command_arguments(self, child, close=""):
        """A command line given to -c: after a shell command's name, its subcommands and options, from its
        declaration (`close` ends the quote a shell leaves open)."""
        for typed, completed in [("show --ra", "show --raw"), ("diff petstore v1 v2 --spe", "diff petstore v1 v2 --spec"),
                                 ("auth bea", "auth bearer"), ("import x.har --allow", "import x.har --allow-outside")]:
            with self.subTest(typed=typed):
                self.assertEqual(self.complete(child, "apish -c '" + typed, close), ["-c", completed])

    @unittest.skipUnless(shutil.which("zsh"), "zsh is not installed (scripts/setup --test installs it)")
    def test_zsh_completes_a_shell_commands_arguments_after_dash_c(self):
        self.check_command_arguments(self.zsh(), close="'")

    @unittest.skipUnless(shutil.which("fish"), "fish is not installed (scripts/setup --test installs it)")
    def test_fish_completes_a_shell_commands_arguments_after_dash_c(self):
        self.check_command_arguments(self.fish())

    def test_bash_completes_hostile_names_without_running_them(self):
        # GIVEN bash with apish's script and a stand-in apish that writes down its arguments
        child = self.bash()
        # WHEN each hostile profile and script name is completed  THEN it arrives whole, and nothing ran
        self.check(child, HOSTILE)

    def test_bash_completes_every_declared_option(self):
        self.check_options(self.bash())

    @unittest.skipUnless(shutil.which("zsh"), "zsh is not installed (scripts/setup --test installs it)")
    def test_zsh_completes_hostile_names_without_running_them(self):
        self.check(self.zsh(), HOSTILE)

    @unittest.skipUnless(shutil.which("zsh"), "zsh is not installed (scripts/setup --test installs it)")
    def test_zsh_completes_every_declared_option(self):
        self.check_options(self.zsh())

    @unittest.skipUnless(shutil.which("fish"), "fish is not installed (scripts/setup --test installs it)")
    def test_fish_completes_every_declared_option(self):
        self.check_options(self.fish())

    @unittest.skipUnless(shutil.which("fish"), "fish is not installed (scripts/setup --test installs it)")
    def test_fish_completes_hostile_names_without_running_them(self):
        child = self.fish()
        # fish's own file completion (`__fish_complete_suffix`) lists names a line each: a newline in a file
        # name is beyond it, so that one is asked of the profiles only.
        self.check(child, [name for name in HOSTILE if "\n" not in name])


if __name__ == "__main__":
    unittest.main()
