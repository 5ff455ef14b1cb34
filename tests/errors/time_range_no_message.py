import cupyx.profiler

with cupyx.profiler.time_range(color_id=2):
    pass
