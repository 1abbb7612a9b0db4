/// The LineEditing module of apish.
enum LineEditingModule {}
