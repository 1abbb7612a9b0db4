#ifndef APISH_CLIBEDIT_SHIM_H
#define APISH_CLIBEDIT_SHIM_H
#include <stdio.h>
#include <editline/readline.h>
#endif
