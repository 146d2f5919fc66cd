/*
 * Optional speed-up for gnubg-bestmove (--fast-poll): preloaded into gnubg, it shortens
 * glib's g_usleep to at most 200 microseconds.
 *
 * GNU Backgammon 1.07 runs every evaluation in a worker thread, and its main thread checks
 * for the result in a loop that sleeps 10 ms (g_usleep) between checks, so each evaluation
 * asked from Python takes at least about 10 ms even when the network answers in well under
 * one. In the tty build that loop is gnubg's only use of g_usleep. The evaluations
 * themselves are untouched: the answers are the same, only sooner.
 */
#define _DEFAULT_SOURCE
#include <unistd.h>

void g_usleep(unsigned long microseconds)
{
    usleep(microseconds > 200 ? 200 : (useconds_t) microseconds);
}
