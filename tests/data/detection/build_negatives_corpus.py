"""Build the scanners' negative examples part of the held-out development corpus (README.md here).

Nosey Parker's and Kingfisher's rules list, beside the ``examples:`` the other part of the
development corpus takes (``build_dev_corpus.py``), ``negative_examples:``: strings the rule
must not match. Not matching one rule is not the same as holding no secret (many are a
literal password a stricter rule leaves to another, or a token one character too short), so
every distinct string was labelled by hand, once, before any detector was run on it, by one
criterion written down first:

- ``secret``: the text holds a literal credential (a password, key, token, client secret or
  webhook URL, or a connection string or URL with a literal password), even one a
  provider's exact format rejects (a wrong length or prefix): pasted into a memory it is
  still a credential;
- ``benign``: it holds none: a placeholder (``X``, ``xxx``, ``######``, ``<YOUR_KEY>``,
  ``[… goes here]``, a run of one character, a counting pattern such as ``a1b2c3d4…``, a
  masked ``*****``), a variable, environment or function reference, an empty string, code
  that handles a password without holding one, a host, bucket or documentation URL, a
  package hash, a public identifier (an all-zero instrumentation key);
- left out: a bare string with no words around it (nothing says what it is), a value that is
  the word naming it (``password = "password"``, ``user:secret@``), a value shorter than
  four characters, values half placeholder and half random, and Kingfisher's copies of
  Nosey Parker's examples that differ only in quoting or indentation.

Figures on this part therefore depend on labels we wrote. Run once, from the repository
root, with checkouts of the commits it was built from:

    git clone https://github.com/praetorian-inc/noseyparker /tmp/np
    git -C /tmp/np checkout 2e6e7f36ce36619852532bbe698d8cb7a26d2da7
    git clone https://github.com/mongodb/kingfisher /tmp/kf
    git -C /tmp/kf checkout ee7c0db3ef87575768f817820c24736249ffcdef
    python tests/data/detection/build_negatives_corpus.py /tmp/np /tmp/kf

Each string is placed in the same sentence templates as the scanners' examples. It writes
``negatives_tuning.jsonl`` and ``negatives_sealed.jsonl`` beside this file: every case goes
to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed), decided before any
detector was adjusted on it. The tests read only the two JSONL files.
"""

import hashlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from build_dev_corpus import secret_case, write_split

SCANNERS = (
    ("noseyparker", "crates/noseyparker/data/default/builtin/rules/*.yml"),
    ("kingfisher", "data/rules/*.yml"),
)
# (rule id, position in its negative_examples): the label; the comment starts the string.
LABELS: dict[tuple[str, int], str] = {
    ("np.auth0.1", 0): "secret",  # # config variables export AUTH0_CALLBACK_URL="ht
    ("np.aws.1", 2): "benign",  # ======================
    ("np.aws.1", 3): "benign",  # //////////////////////
    ("np.aws.1", 4): "benign",  # ++++++++++++++++++++++
    ("np.aws.2", 0): "secret",  # export AWS_SECRET_ACCESS_KEY=ded7db27a4558e2ea9b
    ("np.aws.2", 1): "benign",  # "aws_secret_access_key" = aaaaaaaaaaaaaaaaaaaaaa
    ("np.aws.2", 2): "benign",  # "aws_secret_access_key" = aaaaaaaaaaaaaaaaaaaaaa
    ("np.aws.2", 3): "benign",  # "aws_sEcReT_key" = aaaaaaaaaaaaaaaaaaaaaaaaaaaaa
    ("np.s3.1", 0): "benign",  # .s3.amazonaws.com
    ("np.s3.1", 1): "benign",  # s3.amazonaws.com
    ("np.s3.2", 2): "benign",  # s3.amazonaws.com/
    ("np.s3.2", 3): "benign",  # some-bucket-name.s3.amazonaws.com/171ea24dd241f8
    ("np.s3.2", 4): "benign",  # some-bucket.s3.amazonaws.com/some-object-here
    ("np.azure.1", 0): "benign",  # InstrumentationKey=00000000-0000-0000-0000-00000
    ("np.azure.1", 1): "benign",  # InstrumentationKey=00000000-0000-0000-0000-00000
    ("np.azure.1", 2): "benign",  # let accountName = ""; let accountKey = Buffer.fr
    ("np.azure.1", 3): "benign",  # let accountName = $accountName; let accountKey =
    ("np.azure.1", 4): "benign",  # AccountName=<YOUR_ACCOUNT_NAME>; AccountKey=<YOU
    ("np.azure.1", 5): "benign",  # AccountName=X;AccountKey=X;
    ("np.azure.1", 6): "benign",  # AccountName={2};AccountKey={3};
    ("np.azure.1", 7): "benign",  # SharedAccessKeyName=[Shared Access Key Name goes
    ("np.azure.2", 0): "benign",  # text: az appconfig feature delete --connection-s
    ("np.databricks.1", 0): "benign",  # dapiDataGetTopLongShortPositionRatio (params?: {
    ("np.facebook.1", 0): "secret",  # \"fbconnectkey\";s:32:\"8f52d1586bd18a18e152289b
    ("np.generic.1", 0): "secret",  # client_credential='5pX8Q~MmTI8OMBJFVqMlFR4DE3Spz
    ("np.generic.1", 2): "secret",  # Ldap password ---- H7IKC85R#@4$
    ("np.generic.2", 0): "benign",  # name="ws_plugin__s2member_amazon_s3_comp_files_a
    ("np.generic.3", 0): "benign",  # USERNAME=donjuan PASSWORD=$($(dirname $0)/../bin
    ("np.generic.3", 1): "benign",  # :authn_dbd_params => 'host=db_host port=3306 use
    ("np.generic.3", 2): "benign",  # #if DEBUG string backend_host = "amazon-subdomai
    ("np.generic.4", 0): "secret",  # user = 'Aladdin' password = 'open_sesame'
    ("np.generic.4", 1): "benign",  # username = env.PERKEEP_TEST_USERNAME password =
    ("np.generic.5", 1): "secret",  # password = super$ecret
    ("np.generic.5", 2): "secret",  # password = 'super$ecret'
    ("np.generic.5", 4): "benign",  # sb.append("MasterUserPassword: " + getMasterUser
    ("np.generic.5", 6): "benign",  # export PGPASSWORD="$gdcapi_db_password"
    ("np.generic.5", 7): "benign",  # define wget::authfetch($source,$destination,$use
    ("np.generic.5", 8): "benign",  # - echo 'export DATABASE_PASSWORD="'$PRECOMPILE_P
    ("np.generic.5", 9): "benign",  # "/en/enterprise/3.0/authentication/keeping-your-
    ("np.generic.5", 10): "benign",  # "password": "&lt;YOURPASSWROD&gt;"
    ("np.generic.5", 11): "benign",  # as: 'cms_user_password' get '/passwords/:id/edit
    ("np.generic.5", 12): "benign",  # IAMUserChangePassword = "arn:aws:iam::aws:policy
    ("np.generic.5", 13): "benign",  # this.addPassword = "#add-password";
    ("np.generic.6", 0): "benign",  # echo 'password = '.$p['config']['daemon_password
    ("np.generic.6", 1): "benign",  # usernameLabel:"Username or email:",passwordLabel
    ("np.generic.6", 2): "benign",  # this.addPassword = '#add-password';
    ("np.generic.9", 0): "secret",  # <add key="ConnectionString_B2B" value="Server=aw
    ("np.generic.9", 1): "secret",  # <add key="ClearTextPassword" value="eyJ0eXAiOiAi
    ("np.generic.10", 0): "secret",  # <add key="FromEmailAddress" value="killer.joe@ex
    ("np.gitalk.1", 0): "secret",  # '\\n <script type="text/javascript">'+ '\\n cons
    ("np.gitalk.1", 1): "secret",  # var gitalk = new Gitalk({ "clientID": "7bf1e92ea
    ("np.gcs.1", 0): "benign",  # https://storage.googleapis.com
    ("np.gcs.2", 0): "benign",  # c.storage.googleapis.com/some_object
    ("np.gcs.2", 1): "benign",  # some-bucket.example.com.storage.googleapis.com/s
    ("np.hashicorp.1", 0): "secret",  # apikey: hvs.JGbZZaCkOSgsZ56uhGlTK2zyC1j2mwhy0VLp
    ("np.hashicorp.1", 1): "benign",  # function(){s.addComponentsFromRegistry()}
    ("np.hashicorp.1", 2): "benign",  # this._emitEOFToken()):(this._err(s.unexpectedCha
    ("np.hashicorp.1", 3): "benign",  # // TODO: ServerAddressByClientCIDRs: s.getServer
    ("np.hashicorp.2", 0): "secret",  # apikey: hvb.JGbZZaCkOSgsZ56uhGlTK2zyC1j2mwhy0VLp
    ("np.hashicorp.2", 1): "benign",  # b.removeTransientObservers()
    ("np.hashicorp.3", 0): "secret",  # apikey: hvr.JGbZZaCkOSgsZ56uhGlTK2zyC1j2mwhy0VLp
    ("np.hashicorp.3", 1): "benign",  # r.addComponentsFromRegistry()
    ("np.hashicorp.4", 0): "secret",  # VAULT_CLIENT_TOKEN="s.Z4bTMtngfLeQ18AqVoBBkUAOD1
    ("np.hashicorp.5", 0): "secret",  # VAULT_CLIENT_TOKEN="b.Z4bTMtngfLeQ18AqVoBBkUAOD1
    ("np.hashicorp.6", 0): "secret",  # VAULT_CLIENT_TOKEN="r.Z4bTMtngfLeQ18AqVoBBkUAOD1
    ("np.heroku.1", 0): "benign",  # curl https://kolkrabbi.heroku.com/apps/98fc74a8-
    ("np.jenkins.1", 0): "benign",  # 1. ~~Does not play well with [Build Token Root P
    ("np.jwt.1", 0): "benign",  # it "sets the relation to nil" do eye.eyeable.sho
    ("np.msteams.1", 0): "secret",  # office365ConnectorSend message: 'Execucao Conclu
    ("np.mongodb.1", 0): "secret",  # mongodb://myDatabaseUser:D1fficultP%40ssw0rd@%2F
    ("np.newrelic.1", 0): "benign",  # license_key: xxxxxxxxxxxxxxx
    ("np.newrelic.1", 1): "benign",  # --set global.licenseKey=a1b2c3d4e5f6g7h8i9j0k1l2
    ("np.newrelic.2", 0): "secret",  # # Required license key associated with your New
    ("np.newrelic.2", 1): "benign",  # license_key: '<%= ENV["NEW_RELIC_LICENSE_KEY"] %
    ("np.newrelic.8", 0): "benign",  # --set newrelic-pixie.apiKey=px-api-a1b2c3d4-e5f6
    ("np.newrelic.9", 0): "benign",  # --set pixie-chart.deployKey=px-dep-d4c3b2a1-f6e5
    ("np.npm.1", 0): "secret",  # -export NPM_TOKEN="007e65c7-635d-4d54-8294-f360c
    ("np.odbc.1", 0): "benign",  # def login(self, user = '', password = '', domain
    ("np.odbc.1", 1): "benign",  # if datastore['VERBOSE'] text = '' text << "User=
    ("np.odbc.1", 2): "benign",  # if (len < ulen + wlen + 2) break; user = (char *
    ("np.odbc.1", 3): "secret",  # /* Set default values */ server = xmalloc(sizeof
    ("np.odbc.1", 5): "benign",  # char *domain = NULL; char *user = NULL; char *pa
    ("np.odbc.1", 6): "benign",  # <?php \$user = \$_POST[\"username\"]; \$pwd = \$
    ("np.okta.1", 0): "benign",  # 000000000000000000000000000000000000000000
    ("np.okta.1", 1): "benign",  # okta_api_token: 00000000000000000000000000000000
    ("np.reactapp.1", 0): "benign",  # REACT_APP_FRONTEND_LOGIN_FORGOT_USERNAME=$REACT_
    ("np.reactapp.2", 0): "benign",  # const password = process.env.REACT_APP_FIREBASE_
    ("np.reactapp.2", 1): "benign",  # REACT_APP_FRONTEND_LOGIN_FORGOT_PASSWORD=$REACT_
    ("np.slack.2", 0): "secret",  # python log_announce.py xoxp-513768634356-5132010
    ("np.slack.2", 1): "secret",  # this is the api token to connect to the bot user
    ("np.slack.2", 2): "secret",  # def send_slack_notification(message): token = "x
    ("np.slack.4", 1): "secret",  # SLACK_API_TOKEN=xoxb-893582989554-899326518131-J
    ("np.slack.6", 2): "secret",  # curl -X POST -H "Content-type: application/json"
    ("np.slack.6", 3): "secret",  # url := "https://slack.com/api/channels.history?t
    ("np.sonarqube.1", 0): "benign",  # sonarqube-reporter-1.2.4.tgz#3b335d612137949d2f2
    ("np.sonarqube.1", 1): "benign",  # sonarqube-reporter-1.4.0.tgz#eb9e15deb83e4ca5329
    ("np.sonarqube.1", 2): "benign",  # sonarqube-scanner/-/sonarqube-scanner-2.5.0.tgz#
    ("np.sonarqube.1", 3): "benign",  # /d:sonar.host.url=$(SONAR_HOST) /d:sonar.login=$
    ("np.twitch.1", 0): "secret",  # TWITCH_STREAM_KEY = "126031192_IgvUabrXbWSihj2EN
    ("np.twitch.1", 2): "benign",  # stream_url: "rtmp://live.twitch.tv/app/STREAM_KE
    ("np.twitter.2", 0): "secret",  # Twitter(auth=OAuth('MjuHWoGbzYmJv3ZuHaBvSENfyevu
    ("kingfisher.rabbitmq.1", 0): "benign",  # amqp://user:*****@example.com
    ("kingfisher.rabbitmq.1", 1): "benign",  # amqps://username:$password@localhost:5672
}


def negative_cases(roots: tuple[Path, ...]) -> Iterator[dict[str, Any]]:
    seen: set[str] = set()
    for root, (name, pattern) in zip(roots, SCANNERS, strict=True):
        for path in sorted(root.glob(pattern)):
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            for rule in data.get("rules") or ():
                for position, example in enumerate(rule.get("negative_examples") or ()):
                    label = LABELS.get((rule["id"], position))
                    if label is None or example in seen:
                        continue
                    seen.add(example)
                    value = example.strip()
                    digest = hashlib.sha256(value.encode()).hexdigest()[:12]
                    key = f"{name}-negative:{rule['id']}:{digest}"
                    source = f"{name} negative examples ({rule['id']}), labelled by us"
                    case = secret_case(key, label, source, value)
                    if case is not None:
                        yield case


def main(noseyparker: Path, kingfisher: Path) -> None:
    write_split(negative_cases((noseyparker, kingfisher)), "negatives")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
