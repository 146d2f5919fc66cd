#!/bin/sh
# An engine that reads its first question and then waits in a process of its own (a
# wrapper's engine): arena must stop both.
read line
sleep 100
