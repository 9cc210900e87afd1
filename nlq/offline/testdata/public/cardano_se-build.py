#!/usr/bin/env python3
# Builds cardano_se.db: the Stack Exchange data dump of Cardano Stack Exchange
# (cardano.stackexchange.com), the question-and-answer site of the Stack Exchange network about
# the Cardano blockchain (ADA, stake pools, Plutus smart contracts, wallets such as Daedalus and
# Yoroi, native tokens and NFTs), from its launch on 2021-04-27 to 2021-12-05: 1,042 questions,
# 1,496 answers, 1,829 comments, 9,147 votes, 4,467 badges and 3,988 user accounts.
#
# Data: the Stack Exchange Data Dump (https://archive.org/details/stackexchange), published by
#   Stack Exchange, Inc. under CC BY-SA; every post and comment of this site carries
#   ContentLicense 'CC BY-SA 4.0' (the site opened after 2018-05-02). Its latest timestamp is
#   2021-12-05 02:51:07 UTC (Users.LastAccessDate), so it is the dump of early December 2021.
#   See cardano_se.LICENSE.
# Copy used (archive.org is not on GitHub): github.com/Igodlab/stackexchangeparser, branch
#   cse-personal, commit 3f2e83d8c233f284be18827c59a72816beab96fe (2022-04-08, the newest of
#   that branch), folder data/, added unchanged in 382938a2f63ffa28c163eb4fb6a63984a9830116
#   (2022-03-11, "update README"); the repository's README: "Tooling for parsing data from Cardano
#   Stack Exchange". The files are the dump's XML files for the site as the dump ships them (UTF-8
#   with byte-order mark, one <row .../> per line, an absent attribute = NULL). The repository's
#   MIT licence (Copyright (c) 2020 André Kamman) covers its parser code; the data's licence is
#   Stack Exchange's. data/PostHistory.xml (>= 4 MiB) is absent from the stored snapshot and is
#   not used. (The default branch, master, has no data files.)
# Files read (rows):
#   data/Posts.xml      2,630   data/Users.xml   3,988   data/Comments.xml   1,829
#   data/Votes.xml      9,147   data/Badges.xml  4,467   data/Tags.xml         224
#   data/PostLinks.xml    104
#
# Usage (Python 3, standard library only):
#   python3 cardano_se-build.py <Igodlab+stackexchangeparser git dir> <out.db>
#   e.g. python3 cardano_se-build.py /work/.mirror/Igodlab+stackexchangeparser/repo cardano_se.db
#   then gzip -9 -n cardano_se.db
# The XML files are read from the pinned commit with `git --git-dir=<dir> show <commit>:<path>`.
#
# Naming (kept from the dump and the Stack Exchange Data Explorer, SEDE): PascalCase plural table
# names (Posts, Users, Comments, Votes, Badges, Tags, PostLinks), every key column named Id,
# foreign keys <Thing>Id (PostTypeId, OwnerUserId, LastEditorUserId, ParentId, AcceptedAnswerId,
# PostId, RelatedPostId, UserId, VoteTypeId, LinkTypeId, ExcerptPostId, WikiPostId), timestamps
# <Event>Date (CreationDate, LastEditDate, LastActivityDate, LastAccessDate, ClosedDate,
# CommunityOwnedDate; Badges.Date), counters <Thing>Count (ViewCount, AnswerCount, CommentCount,
# FavoriteCount; Tags.Count). Questions and answers share one table, Posts, told apart by
# PostTypeId (1 Question, 2 Answer; 4 TagWikiExcerpt and 5 TagWiki are the tags' wiki texts;
# 6 ModeratorNomination, the 6 nominations of the site's first moderator election in 2021-06);
# an answer's ParentId is its question, a question's AcceptedAnswerId the answer its asker
# accepted; a question's Tags is a string like '<api><mainnet><testnet>'.
# Codes without a lookup table in the dump: Badges.Class 1 gold, 2 silver, 3 bronze;
# PostLinks.LinkTypeId 1 linked, 3 duplicate (PostId is a duplicate of RelatedPostId). Votes are
# anonymous except favourites (VoteTypeId 5) and bounty starts (8, with BountyAmount in
# reputation points), which carry UserId; bounty closes (9) carry the amount awarded; a vote's
# CreationDate is its day only. Users.Id -1 is 'Community', the site's bot account; Reputation 1
# is a new account, 101 the association bonus of users known from other Stack Exchange sites;
# UpVotes and DownVotes are the votes a user has cast, Views the views of the user's profile.
#
# Tables (row counts; columns in dump/SEDE order; PRIMARY KEY Id unless said otherwise):
#   PostTypes (8): Id, Name ('Question', 'Answer', 'Wiki', 'TagWikiExcerpt', 'TagWiki',
#       'ModeratorNomination', 'WikiPlaceholder', 'PrivilegeWiki') -- SEDE's lookup table, not in
#       the dump; written here (the same list as the copy's own data/PostTypes.csv on master).
#   VoteTypes (14): Id, Name ('AcceptedByOriginator', 'UpMod', 'DownMod', 'Offensive', 'Favorite',
#       'Close', 'Reopen', 'BountyStart', 'BountyClose', 'Deletion', 'Undeletion', 'Spam',
#       'ModeratorReview' (15), 'ApproveEditSuggestion' (16)) -- SEDE's lookup table, not in the
#       dump; written here (the same list as the copy's own data/VoteTypes.csv on master).
#   Users (3,988): Id, Reputation, CreationDate, DisplayName, LastAccessDate, WebsiteUrl,
#       Location (free text), Views, UpVotes, DownVotes, AccountId (the network-wide account).
#   Posts (2,630): Id, PostTypeId -> PostTypes, AcceptedAnswerId -> Posts, ParentId -> Posts,
#       CreationDate, Score, ViewCount (questions), Body (HTML), OwnerUserId -> Users,
#       OwnerDisplayName (only for the 2 posts of deleted users, whose OwnerUserId is NULL),
#       LastEditorUserId -> Users, LastEditDate, LastActivityDate, Title, Tags, AnswerCount,
#       CommentCount, FavoriteCount, ClosedDate, CommunityOwnedDate, ContentLicense.
#   Tags (224): Id, TagName UNIQUE, Count (questions carrying the tag), ExcerptPostId -> Posts,
#       WikiPostId -> Posts.
#   PostTags (2,408): PRIMARY KEY (PostId, TagId), PostId -> Posts, TagId -> Tags -- SEDE's
#       question-tag table, not in the dump; built here by splitting each question's Tags (every
#       tag is in Tags, and the rows per tag equal Tags.Count, as the build checks).
#   Comments (1,829): Id, PostId -> Posts, Score, Text, CreationDate, UserDisplayName, UserId ->
#       Users, ContentLicense.
#   Votes (9,147): Id, PostId, VoteTypeId -> VoteTypes, UserId -> Users, CreationDate,
#       BountyAmount. PostId is not declared a foreign key: 345 votes are on posts deleted before
#       the dump (not in Posts).
#   Badges (4,467): Id, UserId -> Users, Name, Date, Class, TagBased (1/0).
#   PostLinks (104): Id, CreationDate, PostId, RelatedPostId, LinkTypeId. PostId and
#       RelatedPostId are not declared foreign keys: 11 links involve a deleted post.
#   (The build declares these two references itself if every id resolves, and prints the
#   counts; for this commit it does not.)
# PRAGMA foreign_key_check is clean.
#
# Changed (only what SQLite needs): numbers as INTEGER; timestamps '2021-04-27T15:11:29.537'
# (UTC) as '2021-04-27 15:11:29' (milliseconds dropped); a vote's '2021-04-27T00:00:00.000' as
# '2021-04-27'; TagBased 'True'/'False' as 1/0; XML entities decoded (Body and Text keep their
# HTML/Markdown as written).
# Left out: PostHistory.xml (absent from the snapshot); the users' AboutMe (HTML profile text)
# and ProfileImageUrl (avatar addresses), as in quantum_se. Nothing is subset.
#
import os, sqlite3, subprocess, sys
import xml.etree.ElementTree as ET

COMMIT = '3f2e83d8c233f284be18827c59a72816beab96fe'
GIT, OUT = sys.argv[1], sys.argv[2]


def rows(name):
    data = subprocess.run(['git', '--git-dir', GIT, 'show', f'{COMMIT}:data/{name}.xml'],
                          check=True, capture_output=True).stdout
    root = ET.fromstring(data.decode('utf-8-sig').encode('utf-8'))
    assert root.tag == name.lower(), root.tag
    return [r.attrib for r in root if r.tag == 'row']


def ts(v):   # '2021-04-27T15:11:29.537' -> '2021-04-27 15:11:29'
    assert len(v) == 23 and v[10] == 'T' and v[19] == '.', v
    return v[:10] + ' ' + v[11:19]


def day(v):  # votes carry only the day: '2021-04-27T00:00:00.000' -> '2021-04-27'
    assert v.endswith('T00:00:00.000'), v
    return v[:10]


def boolean(v):
    return {'True': 1, 'False': 0}[v]


I, T = int, str
POST_COLS = [('Id', I), ('PostTypeId', I), ('AcceptedAnswerId', I), ('ParentId', I),
             ('CreationDate', ts), ('Score', I), ('ViewCount', I), ('Body', T),
             ('OwnerUserId', I), ('OwnerDisplayName', T), ('LastEditorUserId', I),
             ('LastEditDate', ts), ('LastActivityDate', ts), ('Title', T), ('Tags', T),
             ('AnswerCount', I), ('CommentCount', I), ('FavoriteCount', I), ('ClosedDate', ts),
             ('CommunityOwnedDate', ts), ('ContentLicense', T)]
USER_COLS = [('Id', I), ('Reputation', I), ('CreationDate', ts), ('DisplayName', T),
             ('LastAccessDate', ts), ('WebsiteUrl', T), ('Location', T), ('Views', I),
             ('UpVotes', I), ('DownVotes', I), ('AccountId', I)]
COMMENT_COLS = [('Id', I), ('PostId', I), ('Score', I), ('Text', T), ('CreationDate', ts),
                ('UserDisplayName', T), ('UserId', I), ('ContentLicense', T)]
VOTE_COLS = [('Id', I), ('PostId', I), ('VoteTypeId', I), ('UserId', I), ('CreationDate', day),
             ('BountyAmount', I)]
BADGE_COLS = [('Id', I), ('UserId', I), ('Name', T), ('Date', ts), ('Class', I),
              ('TagBased', boolean)]
TAG_COLS = [('Id', I), ('TagName', T), ('Count', I), ('ExcerptPostId', I), ('WikiPostId', I)]
LINK_COLS = [('Id', I), ('CreationDate', ts), ('PostId', I), ('RelatedPostId', I),
             ('LinkTypeId', I)]

# left out: the users' HTML profile text and avatar addresses
DROPPED = {'Users': {'AboutMe', 'ProfileImageUrl'}}

# SEDE's PostTypes and VoteTypes (names as in SEDE and as the copy's data/*.csv list them)
POST_TYPES = [(1, 'Question'), (2, 'Answer'), (3, 'Wiki'), (4, 'TagWikiExcerpt'), (5, 'TagWiki'),
              (6, 'ModeratorNomination'), (7, 'WikiPlaceholder'), (8, 'PrivilegeWiki')]
VOTE_TYPES = [(1, 'AcceptedByOriginator'), (2, 'UpMod'), (3, 'DownMod'), (4, 'Offensive'),
              (5, 'Favorite'), (6, 'Close'), (7, 'Reopen'), (8, 'BountyStart'), (9, 'BountyClose'),
              (10, 'Deletion'), (11, 'Undeletion'), (12, 'Spam'), (15, 'ModeratorReview'),
              (16, 'ApproveEditSuggestion')]

data = {}
for name, cols in [('Users', USER_COLS), ('Posts', POST_COLS), ('Tags', TAG_COLS),
                   ('Comments', COMMENT_COLS), ('Votes', VOTE_COLS), ('Badges', BADGE_COLS),
                   ('PostLinks', LINK_COLS)]:
    rs = rows(name)
    known = {c for c, _ in cols} | DROPPED.get(name, set())
    for r in rs:
        assert set(r) <= known, (name, set(r) - known)
    data[name] = [tuple(None if r.get(c) is None else f(r[c]) for c, f in cols) for r in rs]
    print('read', name, len(rs))

post_ids = {r[0] for r in data['Posts']}
vote_orphans = sum(1 for r in data['Votes'] if r[1] not in post_ids)
link_orphans = sum(1 for r in data['PostLinks'] if r[2] not in post_ids or r[3] not in post_ids)
print('votes on posts not in Posts:', vote_orphans, '; links with a post not in Posts:', link_orphans)
VOTE_POST = ' REFERENCES Posts (Id)' if vote_orphans == 0 else ''
LINK_POST = ' REFERENCES Posts (Id)' if link_orphans == 0 else ''

DDL = [
    '''CREATE TABLE PostTypes (
  Id INTEGER PRIMARY KEY,
  Name TEXT NOT NULL UNIQUE)''',
    '''CREATE TABLE VoteTypes (
  Id INTEGER PRIMARY KEY,
  Name TEXT NOT NULL UNIQUE)''',
    '''CREATE TABLE Users (
  Id INTEGER PRIMARY KEY,
  Reputation INTEGER NOT NULL,
  CreationDate TEXT NOT NULL,
  DisplayName TEXT NOT NULL,
  LastAccessDate TEXT NOT NULL,
  WebsiteUrl TEXT,
  Location TEXT,
  Views INTEGER NOT NULL,
  UpVotes INTEGER NOT NULL,
  DownVotes INTEGER NOT NULL,
  AccountId INTEGER)''',
    '''CREATE TABLE Posts (
  Id INTEGER PRIMARY KEY,
  PostTypeId INTEGER NOT NULL REFERENCES PostTypes (Id),
  AcceptedAnswerId INTEGER REFERENCES Posts (Id),
  ParentId INTEGER REFERENCES Posts (Id),
  CreationDate TEXT NOT NULL,
  Score INTEGER NOT NULL,
  ViewCount INTEGER,
  Body TEXT,
  OwnerUserId INTEGER REFERENCES Users (Id),
  OwnerDisplayName TEXT,
  LastEditorUserId INTEGER REFERENCES Users (Id),
  LastEditDate TEXT,
  LastActivityDate TEXT NOT NULL,
  Title TEXT,
  Tags TEXT,
  AnswerCount INTEGER,
  CommentCount INTEGER,
  FavoriteCount INTEGER,
  ClosedDate TEXT,
  CommunityOwnedDate TEXT,
  ContentLicense TEXT NOT NULL)''',
    '''CREATE TABLE Tags (
  Id INTEGER PRIMARY KEY,
  TagName TEXT NOT NULL UNIQUE,
  Count INTEGER NOT NULL,
  ExcerptPostId INTEGER REFERENCES Posts (Id),
  WikiPostId INTEGER REFERENCES Posts (Id))''',
    '''CREATE TABLE PostTags (
  PostId INTEGER NOT NULL REFERENCES Posts (Id),
  TagId INTEGER NOT NULL REFERENCES Tags (Id),
  PRIMARY KEY (PostId, TagId)) WITHOUT ROWID''',
    '''CREATE TABLE Comments (
  Id INTEGER PRIMARY KEY,
  PostId INTEGER NOT NULL REFERENCES Posts (Id),
  Score INTEGER NOT NULL,
  Text TEXT NOT NULL,
  CreationDate TEXT NOT NULL,
  UserDisplayName TEXT,
  UserId INTEGER REFERENCES Users (Id),
  ContentLicense TEXT NOT NULL)''',
    f'''CREATE TABLE Votes (
  Id INTEGER PRIMARY KEY,
  PostId INTEGER NOT NULL{VOTE_POST},
  VoteTypeId INTEGER NOT NULL REFERENCES VoteTypes (Id),
  UserId INTEGER REFERENCES Users (Id),
  CreationDate TEXT NOT NULL,
  BountyAmount INTEGER)''',
    '''CREATE TABLE Badges (
  Id INTEGER PRIMARY KEY,
  UserId INTEGER NOT NULL REFERENCES Users (Id),
  Name TEXT NOT NULL,
  Date TEXT NOT NULL,
  Class INTEGER NOT NULL,
  TagBased INTEGER NOT NULL)''',
    f'''CREATE TABLE PostLinks (
  Id INTEGER PRIMARY KEY,
  CreationDate TEXT NOT NULL,
  PostId INTEGER NOT NULL{LINK_POST},
  RelatedPostId INTEGER NOT NULL{LINK_POST},
  LinkTypeId INTEGER NOT NULL)''',
]

if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
for ddl in DDL:
    db.execute(ddl)
db.executemany('INSERT INTO PostTypes VALUES (?, ?)', POST_TYPES)
db.executemany('INSERT INTO VoteTypes VALUES (?, ?)', VOTE_TYPES)
for name in ['Users', 'Posts', 'Tags', 'Comments', 'Votes', 'Badges', 'PostLinks']:
    n = len(data[name][0])
    db.executemany(f'INSERT INTO {name} VALUES ({", ".join("?" * n)})', data[name])

# SEDE's PostTags: one row per question and tag, from the question's Tags '<a><b>'
tag_id = dict(db.execute('SELECT TagName, Id FROM Tags'))
pairs = []
for pid, tags in db.execute('SELECT Id, Tags FROM Posts WHERE Tags IS NOT NULL'):
    assert tags.startswith('<') and tags.endswith('>'), tags
    for t in tags[1:-1].split('><'):
        pairs.append((pid, tag_id[t]))
db.executemany('INSERT INTO PostTags VALUES (?, ?)', pairs)
bad = db.execute('''SELECT t.TagName, t.Count, COUNT(pt.PostId) FROM Tags t
                    LEFT JOIN PostTags pt ON pt.TagId = t.Id GROUP BY t.Id
                    HAVING t.Count <> COUNT(pt.PostId)''').fetchall()
assert bad == [], bad

# leave out columns that are empty in every row
for tbl in ['Users', 'Posts', 'Tags', 'Comments', 'Votes', 'Badges', 'PostLinks']:
    for (_, col, *_rest) in db.execute(f'PRAGMA table_info({tbl})').fetchall():
        assert db.execute(f'SELECT COUNT({col}) FROM {tbl}').fetchone()[0] > 0, (tbl, col)

db.commit()
assert db.execute('PRAGMA foreign_key_check').fetchall() == []
for name in ['PostTypes', 'VoteTypes', 'Users', 'Posts', 'Tags', 'PostTags', 'Comments', 'Votes',
             'Badges', 'PostLinks']:
    print(name, db.execute(f'SELECT COUNT(*) FROM {name}').fetchone()[0])
db.execute('VACUUM')
db.close()
