# heat1d.py — the 1-D heat equation u_t = alpha * u_xx on [0, 1] with fixed ends, explicit
# finite differences.  The update is a slice assignment over the interior; the rod starts with a
# hot band in the middle and the run stops once its peak temperature has fallen to 5.
#
#   gpyc heat1d.py -o heat1d && ./heat1d
import cupy as cp


def step(u, r):
    """One explicit step, in place: u[i] += r * (u[i-1] - 2 u[i] + u[i+1])."""
    u[1:-1] = u[1:-1] + r * (u[:-2] - 2.0 * u[1:-1] + u[2:])


def main():
    n = 201
    alpha = 1.0
    dx = 1.0 / (n - 1)
    dt = 0.4 * dx * dx / alpha          # stable: r = alpha dt / dx^2 <= 0.5
    r = alpha * dt / (dx * dx)
    x = cp.linspace(0.0, 1.0, n)
    u = cp.where(cp.abs(x - 0.5) < 0.1, 100.0, 0.0)
    print(f"n = {n}, r = {r:.2f}, initial heat = {float(u.sum()) * dx:.4f}")
    steps = 0
    max_steps = 100000
    while steps < max_steps and float(u.max()) > 5.0:
        for _ in range(100):
            step(u, r)
        steps += 100
    print(f"stopped after {steps} steps (t = {steps * dt:.4f})")
    print(f"peak temperature {float(u.max()):.4f}, at the centre {float(u[n // 2]):.4f}")
    print(f"remaining heat {float(u.sum()) * dx:.4f}")
    print("profile every 0.1:", cp.asnumpy(u[::20]))


if __name__ == "__main__":
    main()
