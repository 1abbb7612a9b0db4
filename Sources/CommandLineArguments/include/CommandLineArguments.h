// Nothing to import: this module only links a definition the Swift runtime looks for (see arguments.c).
