/// The DemoServer module of apish.
enum DemoServerModule {}
