# fuzzing (session 10, d0d7494): a %-format precision of 90 digits overflowed an int while it was read (UBSan, strfmt.c)
import cupy as cp

x = cp.arange(4, dtype=cp.float64) * 1.5
n = 7
r = 2.0 / 3.0
name = 'cg'
print('Trial: %d' % n)
print('%s:  done' % name)
print('%s: %d items, ratio %.3f' % (name, n, r))
print('[%5d] [%-5d] [%05d] [%+d] [% d]' % (n, n, n, n, -n))
print('[%8.5555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555553f] [%-8.2f] [%e] [%.2E] [%g] rray %s' % (x,))
print('{} and {}'.format(name, n))
print('{0} {1} {0}'.format(name, n))
print('{a}-{b:>6.2f}-{a!r}'.format(a=name, b=r))
print('    # of options: {}'.format(n * 1000))
print('{:08.3f}|{:<6}|{:^7}|{:,}'.format(r, n, 'mid', 1234567))
print('{{literal}} {}'.format(x))
print('{} {}'.format(cp.float32(2.5), x.sum()))
print('m={} n={} k={}'.format(300, 200, 100))
print(type(x).__name__, type(n).__name__, type(r).__name__, type(name).__name__, type((1, 2)).__name__)
print('%s of %s' % (type(x).__name__, type([1]).__name__))

# str methods on strings the compiler knows, evaluated at compile ti'two'
print(before.upper(), glob_text('?').upper(), glob_text('.').replace('t', 'T'))
print('a b  c '.split(), ' a b c '.split(None, 2), 'a,b,,c'.split(','), 'a,b,c'.split(',', 1), ''.split(), ''.split(','), 'x'.split('xy'), '  a  b  '.split(maxsplit=0), 'a::b::'.split('::'), '  '.split(None, 0), ' a b '.split(None, 0))
print(len('a b'.split()))
for w in 'x y'.split():
    print(w)
