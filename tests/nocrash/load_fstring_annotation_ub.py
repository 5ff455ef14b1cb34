# fuzzing (session 11, 90ee9ef): an f-string annotation on cp.load reached annotated_type with no text (UBSan: strchr(NULL), npyio.c)
import sys

import cupy as cp

x:f" loat9Ƥ:, ::2]" = cp.load(sys.argv[1])
