# argparse: parsers built from add_argument(), parse_args() of lists of str, help and usage
# text (spaces shown as '_' and newlines as '|', so the layout itself is compared); expected
# output: CPython through the oracle
import argparse


def layout(text):
    return text.replace(" ", "_").replace("\n", "|")


p = argparse.ArgumentParser(description="Run the benchmark on the GPU and report timings.")
p.add_argument("n", type=int, help="problem size")
p.add_argument("--iters", type=int, default=10, help="number of iterations (default: %(default)s)")
p.add_argument("-t", "--tol", type=float, default=1e-6, help="tolerance")
p.add_argument("--mode", default="fast", choices=["fast", "exact", "auto"], help="algorithm")
p.add_argument("-v", "--verbose", action="store_true", help="print more")
p.add_argument("--no-check", action="store_false", dest="check", help="skip the check")
p.add_argument("--dtype", type=str, default="float32")
p.add_argument("-q", action="count", default=0, help="quieter")
a = p.parse_args(["100"])
print(a.n, a.iters, a.tol, a.mode, a.verbose, a.check, a.dtype, a.q)
a = p.parse_args(["--iters", "5", "7", "-t", "0.5", "--mode=exact", "-v", "--no-check", "-qq", "-q"])
print(a.n, a.iters, a.tol, a.mode, a.verbose, a.check, a.dtype, a.q)
a = p.parse_args(["--it", "3", "--", "-4"])
print(a.n, a.iters)
a = p.parse_args(["-t", "-2.5", "8", "--dtype", "float64", "--verbose"])
print(a.n, a.tol, a.dtype, a.verbose)
a = p.parse_args(["-vqq", "-t0.125", "9", "--iters=4", "--ver"])
print(a)
print(a.verbose, a.q, a.tol, a.iters)
print(layout(p.format_help()))
print(layout(p.format_usage()))
p.print_usage()
p.print_help()

q = argparse.ArgumentParser(prog="tool", epilog="See the docs for more.")
q.add_argument("files", nargs="+", help="input files")
q.add_argument("--sizes", type=int, nargs="*", default=[1, 2], metavar="S")
q.add_argument("--pair", type=float, nargs=2, default=[0.5, 1.5])
q.add_argument("--level", type=int, choices=[1, 2, 3], default=2)
q.add_argument("--out", required=True, help="output path")
q.add_argument("--hidden", default="h", help=argparse.SUPPRESS)
b = q.parse_args(["x.npy", "y.npy", "--out", "r.txt"])
print(b.files, b.sizes, b.pair, b.level, b.out, b.hidden)
b = q.parse_args(["--sizes", "4", "5", "6", "--out", "o", "z", "--pair", "1", "2", "--level", "3"])
print(b.files, b.sizes, b.pair, b.level, b.out)
b = q.parse_args(["--sizes", "--out", "o", "a"])
print(b.files, b.sizes, len(b.sizes))
print(layout(q.format_help()))

r = argparse.ArgumentParser(add_help=False, prog="r")
r.add_argument("src")
r.add_argument("dst", nargs="?", default="out.bin")
r.add_argument("rest", nargs="*")
c = r.parse_args(["in.bin"])
print(c.src, c.dst, c.rest)
c = r.parse_args(["in.bin", "o.bin", "x", "y"])
print(c.src, c.dst, c.rest)
print(layout(r.format_help()))

s = argparse.ArgumentParser(prog="long_program_name_for_wrapping",
                            formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                            description="A description long enough that it has to be wrapped over more "
                                        "than one line of the help output by the formatter.")
s.add_argument("--alpha-parameter", type=float, default=0.25, help="the alpha parameter of the model")
s.add_argument("--beta", type=int, default=3, help="beta, an integer parameter with a long help text "
                                                   "that wraps onto a second line as well")
s.add_argument("--gamma-with-a-very-long-option-name", type=str, default="g", help="gamma")
s.add_argument("--delta", type=int, default=1, metavar="D")
s.add_argument("--epsilon", type=float, default=0.001)
s.add_argument("--zeta", type=int, default=4, required=False)
s.add_argument("inputs", nargs=2, help="two inputs")
d = s.parse_args(["i1", "i2", "--beta", "9"])
print(d.alpha_parameter, d.beta, d.gamma_with_a_very_long_option_name, d.delta, d.inputs)
print(layout(s.format_help()))
print(layout(s.format_usage()))
