# fuzzing (session 10, be9e230): a field name that is not a str literal after one that is:
# namedtuple() reported it and leaked the names it had gathered (LeakSanitizer)
from collections import namedtuple

P = namedtuple("P", ["x",  not "x"])
