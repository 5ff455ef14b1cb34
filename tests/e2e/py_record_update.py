# d.update(other) and d.update(k=v) of a dict with constant str keys (a record): the keys of
# other, then the keywords, set in order (a new key at the end, an old one keeps its place)
cfg = {'lr': 0.1, 'steps': 10}
cfg.update({'steps': 20, 'name': 'run'})
print(cfg)
cfg.update(momentum=0.9, lr=0.05)
print(cfg, len(cfg), sorted(cfg))
defaults = {'a': 1}
over = {'b': 'x'}
merged = defaults.copy()
merged.update(over)
print(merged, defaults)
nested = {'inner': {'k': 1}}
nested['inner'].update(k=2, j=3)
print(nested)
