// HDU 1525 (Euclid's Game, pairs up to 2^31 - 1) as a contestant writes it: listing every
// multiple is out of the question at this size, so the first program is the known recursion
// (the player to move wins when b divides a or a >= 2b; otherwise the move is forced). The
// scripts' counterpart is examples/rules/euclid_closed.luau. Reads pairs until "0 0"; prints
// "Stan wins" or "Ollie wins".
#include <algorithm>
#include <cstdio>
static bool win(long long a, long long b) {
    if (a < b) std::swap(a, b);
    if (a % b == 0 || a >= 2 * b) return true;
    return !win(b, a - b);
}
int main() {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2 && (a || b)) printf("%s\n", win(a, b) ? "Stan wins" : "Ollie wins");
}
