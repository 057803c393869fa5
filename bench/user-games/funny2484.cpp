// POJ 2484 (A Funny Game, circles of up to 10^6 coins) as a contestant writes it once the
// search is out of reach (it costs n^2 / 2): for n >= 3 the second player copies every move
// on the far side of the circle, so Alice wins only for n <= 2. The scripts' counterpart is
// examples/rules/funny_closed.luau. Reads n until 0; prints Alice or Bob.
#include <cstdio>
int main() {
    int n;
    while (scanf("%d", &n) == 1 && n > 0) printf("%s\n", n <= 2 ? "Alice" : "Bob");
}
