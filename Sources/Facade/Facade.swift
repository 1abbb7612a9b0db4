/// The Facade module of apish.
enum FacadeModule {}
