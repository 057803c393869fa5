// Codeforces 603C (Lieges of Legendre) as a contestant writes it: 10^5 piles of up to 10^9
// cows are beyond any table, so the program is the known rule (for an even k a split is worth
// 0: G = 0, 1, 2 for 0, 1, 2 cows, then 0 for odd piles and 1 for even ones; for an odd k, from
// 5 cows on odd piles are worth 0 and an even pile a is worth 2 when G(a / 2) is 1, else 1).
// The scripts' counterpart is examples/rules/lieges.luau. Reads n, k and the piles; prints
// "Kevin" if the first player wins, else "Nicky".
#include <cstdio>
static int g(long long k, long long a) {
    if (k % 2 == 0) return a <= 2 ? (int)a : (a % 2 == 0 ? 1 : 0);
    if (a < 5) { static const int s[5] = {0, 1, 0, 1, 2}; return s[a]; }
    if (a % 2) return 0;
    return g(k, a / 2) == 1 ? 2 : 1;
}
int main() {
    long long n, k, a;
    if (scanf("%lld %lld", &n, &k) != 2) return 1;
    int x = 0;
    for (long long i = 0; i < n && scanf("%lld", &a) == 1; i++) x ^= g(k, a);
    printf("%s\n", x ? "Kevin" : "Nicky");
}
