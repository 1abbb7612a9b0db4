// The command line as glibc hands it to the executable's initialisers, for Swift's `CommandLine`.
//
// On Linux the Swift runtime finds `argv` with a static initialiser (CommandLine.cpp's ArgvGrabber) that reads
// and parses the whole of /proc/self/maps to locate the stack: about 150 µs and 450,000 instructions at every
// start, a fifth of what apish itself spends on a one-shot request. glibc already passes argc and argv to every
// function in the executable's .init_array, so they are kept here, and `_swift_stdlib_getUnsafeArgvArgc`, the one
// function through which the Swift standard library asks for them, is defined here. The statically linked
// runtime then never pulls in CommandLine.cpp's object, so its initialiser is never run. (With the runtime
// linked dynamically, as in debug builds, its own definition is used and this one answers the same.)
#if defined(__linux__)

static int capturedArgc;
static char **capturedArgv;
static char *noArguments[] = { 0 };

static void captureArguments(int argc, char **argv, char **environment) {
    (void)environment;
    capturedArgc = argc;
    capturedArgv = argv;
}

__attribute__((section(".init_array"), used))
static void (*const captureArgumentsEntry)(int, char **, char **) = captureArguments;

// The runtime's declaration: `SWIFT_CC(swift) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen)`.
__attribute__((swiftcall))
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (capturedArgv == 0) {
        *outArgLen = 0;
        return noArguments;
    }
    *outArgLen = capturedArgc;
    return capturedArgv;
}

#endif
