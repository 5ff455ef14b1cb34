# A precision on an integer conversion of a % format: the least number of digits, zeros in
# front; with the flags (+, space, #, 0, -) and widths as Python formats them.
for v in (7, -7, 0, 123456, -98765, 255):
    print("%.3d|%5.3d|%-6.2d|%+.4d|%05.3d|% .3d|%.0d|%.3i|%.2u|" % (v, v, v, v, v, v, v, v, v))
    print("%.4x|%#.3x|%#8.3X|%-#9.2o|%#06.2x|%010.4d|%+08.3d|" % (v, v, v, v, v, v, v))
n = 3
f = 2.9
print("[%.3d] [%.2d] [%5.1d]" % (n * 41, f, True))
print("%3.5d%%" % -42)
