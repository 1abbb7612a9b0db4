/// The Shell module of apish.
enum ShellModule {}
