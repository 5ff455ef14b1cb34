import cupy as cp


def read_code(code, params):
    for k, v in params.items():
        code = '#define ' + k + ' ' + str(v) + '\n' + code
    return code


def describe(cfg):
    return '%s: %d x %d' % (cfg['name'], cfg['rows'], cfg['cols'])


dim_x = 16
config = {'DIM_X': dim_x, 'DIM_Y': 16, 'BLK_M': 64, 'THR_M': 64 // dim_x}
print(read_code('body', params=config))
print(config)
print(len(config), 'DIM_X' in config, 'NOPE' in config, 'NOPE' not in config)
print(config['BLK_M'], config.get('DIM_Y'), config.get('NOPE', -1))
config['BLK_M'] = 128
config['EXTRA'] = 7
del config['DIM_Y']
print(config)
print(sorted(config.keys()), sum(config.values()))
for k in config:
    print(k)
cfg = {'name': 'grid', 'rows': 3, 'cols': 4, 'scale': 0.5}
print(describe(cfg), cfg['scale'] * 2)
cfg['scale'] = cp.arange(3) * cfg['scale']
print(cfg['scale'].sum())
arrays = {'a': cp.ones(3), 'b': cp.arange(3.0)}
total = 0.0
for name, arr in arrays.items():
    total += float(arr.sum())
    print(name, arr)
print(total)
print(f"{config['EXTRA']:03d} {len(arrays)}")
# a loop over a record's keys is unrolled: d[k] with the loop's k, values of different types
for k in arrays:
    arrays[k] = arrays[k] * 2.0 + 1.0
for k, arr in arrays.items():
    print(k, arr, arr.dtype)
print(k)
mixed = {'n': 3, 'x': 2.5, 'tag': 'abc', 'v': cp.arange(2)}
for key in mixed.keys():
    print(key, mixed[key] + mixed[key])
for val in mixed.values():
    print(val)
else:
    print("all", len(mixed), "values")
