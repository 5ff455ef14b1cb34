# fuzz (issue 24, campaign at 2a6e464): an add_argument() name that is not a str leaked the names buffer (LeakSanitizer)
import argparse

p = argparse.ArgumentParser()
p.add_argument("--flag", typeCboolkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk, defaurt=False)
