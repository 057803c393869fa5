// HDU 5724 (Chess) as a contestant's first program: a memoized search of the nim-value of a
// row (a 20-bit mask, column c as bit 20 - c), the memo a hash map; the answer the XOR of the
// rows. The same states as examples/rules/chess.luau. Reads T cases: n rows, each m and the
// columns of its men; prints YES if Alice wins, else NO.
#include <cstdio>
#include <unordered_map>
static std::unordered_map<int, int> memo;
static int g(int mask) {
    auto it = memo.find(mask);
    if (it != memo.end()) return it->second;
    bool seen[32] = {};
    for (int b = 1; b < 20; b++) {
        if (!(mask >> b & 1)) continue;
        int t = b - 1;
        while (t >= 0 && (mask >> t & 1)) t--;
        if (t >= 0) seen[g(mask - (1 << b) + (1 << t))] = true;
    }
    int v = 0;
    while (seen[v]) v++;
    memo[mask] = v;
    return v;
}
int main() {
    int T;
    if (scanf("%d", &T) != 1) return 1;
    while (T--) {
        int n, x = 0;
        if (scanf("%d", &n) != 1) return 1;
        for (int i = 0; i < n; i++) {
            int m, mask = 0;
            if (scanf("%d", &m) != 1) return 1;
            for (int j = 0; j < m; j++) {
                int c;
                if (scanf("%d", &c) != 1) return 1;
                mask |= 1 << (20 - c);
            }
            x ^= g(mask);
        }
        printf("%s\n", x ? "YES" : "NO");
    }
}
