// POJ 2311 (Cutting Game) as a contestant's first program: a memoized search of the nim-value
// of a W x H sheet over the same positions as examples/rules/cutting.luau (cuts that leave
// both parts at least 2 wide; a strip 1 x k, k >= 2, wins at once), the memo an array. Reads
// "W H" pairs until the end of input; prints "WIN" if the first player wins, else "LOSE".
#include <cstdio>
#include <cstring>
static int memo[201][201];
static int g(int w, int h) {
    if (w > h) { int t = w; w = h; h = t; }
    if (memo[w][h] >= 0) return memo[w][h];
    int v;
    if (w == 1) {
        // A strip 1 x k: 1 x 1 has no move; longer strips cut out a square and win.
        v = h >= 2 ? 1 : 0;
    } else {
        bool seen[512] = {};
        for (int i = 2; i <= w / 2; i++) seen[g(i, h) ^ g(w - i, h)] = true;
        for (int j = 2; j <= h / 2; j++) seen[g(w, j) ^ g(w, h - j)] = true;
        v = 0;
        while (seen[v]) v++;
    }
    memo[w][h] = v;
    return v;
}
int main() {
    memset(memo, -1, sizeof memo);
    int w, h;
    while (scanf("%d %d", &w, &h) == 2) printf("%s\n", g(w, h) ? "WIN" : "LOSE");
}
