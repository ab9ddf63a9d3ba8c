#!/usr/bin/env python3
"""truth.py BIN1 BIN2 READER: where two nakade binaries give a string of pos/ different
statuses (each position, black and white to move), read that string apart from both with
READER (the built `examples/local_reader`: plain rules, every line to 40 plies, 20 s at most):
dead when the opponent, the side to move moving first, takes it. Prints each position's
strings (`1`: BIN1 agrees with the reading, `2`: BIN2, `?`: not settled in time) and the
totals. A seki counts as alive."""
import json, os, subprocess, sys

b1,b2,reader=[os.path.abspath(a) for a in sys.argv[1:4]]
os.chdir(os.path.dirname(os.path.abspath(__file__)))
names=sorted(set(f[:-4] for f in os.listdir('pos') if f.endswith('.txt') and not f.startswith('index')))
tot={'b1':0,'b2':0,'unk':0}
for name in names:
  for side in 'BW':
    pos=f'pos/{name}.txt'
    def status(b):
        r=subprocess.run([b,'score','--json','--to-move',side,pos],capture_output=True,text=True)
        d=json.loads(r.stdout)
        st={}
        for g in d['groups']:
            for s in g['stones']: st[s]=g['status']
        return st
    s1=status(b1); s2=status(b2)
    diff=[v for v in s1 if s1[v]!=s2[v]]
    if not diff: continue
    rows=[l.strip()[1:-1].split() for l in open(pos) if l.startswith('|')]
    n=len(rows); cols='ABCDEFGHJ'
    res=[]
    for v in diff:
        c=cols.index(v[0]); r=n-int(v[1:]); color=rows[r][c]; sw=color=='X'
        diag=[''.join(',' if ch=='.' else (('O' if ch=='X' else 'X') if sw else ch) for ch in row) for row in rows]
        open('d.txt','w').write('\n'.join(diag)+'\n')
        owner=(side=='B')==(color=='X')
        try:
            out=subprocess.run([reader,'d.txt',f'{c},{r}','w' if owner else 'b','40'],capture_output=True,text=True,timeout=20).stdout.strip()
        except subprocess.TimeoutExpired:
            out='timeout'
        truth = 'dead' if out.startswith('Kill') else ('alive' if out.startswith('Live') else None)
        # seki counts as alive for this purpose
        def ok(s): return (s=='dead')==(truth=='dead')
        if truth is None: tot['unk']+=1; res.append(f'{v}:?')
        else:
            if ok(s1[v]): tot['b1']+=1
            if ok(s2[v]): tot['b2']+=1
            res.append(f'{v}:{"1" if ok(s1[v]) else ""}{"2" if ok(s2[v]) else ""}')
    print(name, side, ' '.join(res), flush=True)
print(tot)
