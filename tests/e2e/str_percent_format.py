import cupy as cp

x = cp.arange(4, dtype=cp.float64) * 1.5
n = 7
r = 2.0 / 3.0
name = 'cg'
print('Trial: %d' % n)
print('%s:  done' % name)
print('%s: %d items, ratio %.3f' % (name, n, r))
print('[%5d] [%-5d] [%05d] [%+d] [% d]' % (n, n, n, n, -n))
print('[%8.3f] [%-8.2f] [%e] [%.2E] [%g] [%G]' % (r, r, r * 1e6, r, r * 1e-7, 1e20))
print('[%10s] [%-10s] [%.2s] [%r]' % (name, name, name, name))
print('%x %X %o %#x %#o' % (255, 255, 8, 255, 8))
print('100%% of %d' % 3)
print('%d from float, %d from bool' % (3.99, True))
print('Error: %f' % cp.std(x))
print('sum %s and %.2f' % (x.sum(), x.mean()))
print('array %s' % (x,))
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

# str methods on strings the compiler knows, evaluated at compile time (kernel templates)
tpl = 'T ${T}* p = ${T}(0); // ${N}'
src = tpl.replace('${T}', 'float').replace('${N}', str(n * 2))
print(src)
print(tpl.replace('${T}', 'int', 1), '|', 'ab'.replace('', '-'), '|', 'aaa'.replace('a', 'b', 2))
print(', '.join(['int', 'float', name]), '|', ''.join(('a', 'b')), '|', '-'.join([]))
print('  Mixed Case \n'.strip(), '|', 'xxhixx'.strip('x'), '|', '  l'.lstrip(), '|', 'r  '.rstrip() + '.')
print(name.upper(), 'ABC'.lower(), src.startswith('T float'), src.endswith('14'), name.endswith('x'))
names = list('xyzw')
print(names, len(names), [c + '!' for c in 'hé'])
fmt = 'v=%d'
print(fmt % n, '{}-{}'.format(name, n), src.format())
for k, c in enumerate('abc'):
    print(k, c)
glob = 'one'


def glob_text(suffix):
    return glob + suffix


before = glob_text('!')
glob = 'two'
print(before.upper(), glob_text('?').upper(), glob_text('.').replace('t', 'T'))
print('a b  c '.split(), ' a b c '.split(None, 1), 'a,b,,c'.split(','), 'a,b,c'.split(',', 1), ''.split(), ''.split(','), 'x'.split('xy'), '  a  b  '.split(maxsplit=1), 'a::b::'.split('::'), '  '.split(None, 0), ' a b '.split(None, 0))
print(len('a b'.split()))
for w in 'x y'.split():
    print(w)
