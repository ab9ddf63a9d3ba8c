#!/usr/bin/env python3
"""truth.py BIN1 BIN2 READER: where two nakade binaries give a string of pos/ different
statuses (each position, black and white to move), read that string apart from both with
READER (the built `examples/local_reader`: plain rules, every line to PLIES plies, default
40, TIMEOUT seconds at most, default 20; each string once):
dead when the opponent, the side to move moving first, takes it. Prints each position's
strings (`1`: BIN1 agrees with the reading, `2`: BIN2, `?`: not settled in time) and the
totals. A seki counts as alive."""
import json, os, subprocess, sys

b1,b2,reader=[os.path.abspath(a) for a in sys.argv[1:4]]
os.chdir(os.path.dirname(os.path.abspath(__file__)))
PLIES=os.environ.get('PLIES','40')
TIMEOUT=float(os.environ.get('TIMEOUT','20'))
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
    known={}
    def string_of(c, r):
        col=rows[r][c]; todo=[(c,r)]; seen={(c,r)}
        while todo:
            x,y=todo.pop()
            for xx,yy in ((x+1,y),(x-1,y),(x,y+1),(x,y-1)):
                if 0<=xx<n and 0<=yy<n and (xx,yy) not in seen and rows[yy][xx]==col:
                    seen.add((xx,yy)); todo.append((xx,yy))
        return min(seen)
    for v in diff:
        c=cols.index(v[0]); r=n-int(v[1:]); color=rows[r][c]; sw=color=='X'
        head=string_of(c, r)
        if head in known:
            out=known[head]
        else:
            out=None
        owner=(side=='B')==(color=='X')
        if out is None:
            diag=[''.join(',' if ch=='.' else (('O' if ch=='X' else 'X') if sw else ch) for ch in row) for row in rows]
            open('d.txt','w').write('\n'.join(diag)+'\n')
            try:
                out=subprocess.run([reader,'d.txt',f'{c},{r}','w' if owner else 'b',PLIES],capture_output=True,text=True,timeout=TIMEOUT).stdout.strip()
            except subprocess.TimeoutExpired:
                out='timeout'
            known[head]=out
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
