/* main.c — the gpyc executable: everything happens in driver_main (driver.c). */
#include "compiler/compiler.h"

int main(int argc, char **argv) { return driver_main(argc, argv); }
