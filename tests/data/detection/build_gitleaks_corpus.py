"""Build the gitleaks part of the held-out development corpus (see README.md here).

gitleaks (no detector here calls it or its successor) validates each rule with true
positives written in its rule generators (``cmd/generate/config/rules/*.go``): literal
strings, and literal secrets it expands into config and code lines through
``utils.GenerateSampleSecrets(identifier, secret)``. Run once, from the repository root,
with a checkout of the commit it was built from:

    git clone https://github.com/gitleaks/gitleaks /tmp/gl
    git -C /tmp/gl checkout b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b
    python tests/data/detection/build_gitleaks_corpus.py /tmp/gl /tmp/np /tmp/kf

(``/tmp/np`` and ``/tmp/kf``: the Nosey Parker and Kingfisher checkouts of
``build_dev_corpus.py``, whose rule examples are left out here so that no value counts
twice.)

Secrets: in each rule's ``tps`` statements, every element that is a string literal (or
literals joined by ``+``), and every literal secret given to ``GenerateSampleSecret(s)``,
written in one of gitleaks' own sample formats (``samples`` in
``cmd/generate/config/utils/generate.go``, one picked per secret by a hash of it) with the
identifier the rule gives; at most ``PER_RULE`` per rule, in the sentence templates of the
other scanners' examples. Left out: values built at test time (``secrets.NewSecret``,
``fmt.Sprintf``) and texts longer than a memory.

The ``fps`` lists, strings a rule must not match, are not always free of secrets (see
``build_negatives_corpus.py``): each distinct one was labelled by hand, once, before any
detector ran on it, by that module's criterion (``FPS_LABELS``: a literal credential is a
``secret``, a placeholder, reference, code, host, hash or public value ``benign``; bare
strings, values that are the word naming them, truncated or half-placeholder values and
the source's own contradictions, such as an example key it lists as both, left out). They
go to ``gitleaks_fps_tuning.jsonl`` and ``gitleaks_fps_sealed.jsonl``; figures on them
depend on those labels.

It writes ``gitleaks_tuning.jsonl`` and ``gitleaks_sealed.jsonl`` beside this file: every
case goes to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed), decided
before any detector was adjusted on it. The tests read only the JSONL files.
"""

import ast
import hashlib
import re
import sys
from collections import Counter
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

from build_dev_corpus import _rule_examples, _stable, secret_case, write_split

PER_RULE = 8
_FUNC = re.compile(r"^func \w+\(\) \*config\.Rule \{$", re.MULTILINE)
_RULE_ID = re.compile(r'RuleID:\s*"([^"]+)"')
_TPS = re.compile(r"\btps\s*:?=\s*")
_SAMPLE_CALL = re.compile(
    r'GenerateSampleSecrets?\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*("(?:[^"\\]|\\.)*"|`[^`]*`)\s*\)'
)
_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|`[^`]*`')
_SAMPLE_LINE = re.compile(r'^\s*"[^"]+":\s*("(?:[^"\\]|\\.)*"|`[^`]*`),', re.MULTILINE)


# (rule id, position among its fps strings): the label; the comment starts the string.
FPS_LABELS: dict[tuple[str, int], str] = {
    (
        "1password-service-account-token",
        0,
    ): "benign",  # login: serviceAccountToken: fn::secret: ops_
    (
        "1password-service-account-token",
        2,
    ): "benign",  # ops_eyJxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
    ("1password-secret-key", 0): "benign",  # A3-XXXXXX-XXXXXXXXXXX-XXXXX-XXXXX-XXXXX
    ("1password-secret-key", 1): "benign",  # A3-xXXXXX-XXXXXX-XXXXX-XXXXX-XXXXX-XXXXX
    ("anthropic-api-key", 0): "benign",  # sk-ant-api03-abc123xyz-456de-klMnopqrstuvwx-
    ("anthropic-api-key", 1): "benign",  # sk-ant-api03-abc123xyz-456def789ghij-klmnopq
    ("anthropic-api-key", 2): "benign",  # sk-ant-admin01-abc123xyz-456def789ghij-klmno
    ("anthropic-admin-api-key", 0): "benign",  # sk-ant-admin01-abc123xyz-456de-klMnopqrstuvw
    ("anthropic-admin-api-key", 1): "benign",  # sk-ant-admin01-abc123xyz-456def789ghij-klmno
    ("anthropic-admin-api-key", 2): "benign",  # sk-ant-api03-abc123xyz-456def789ghij-klmnopq
    ("artifactory-api-key", 0): "benign",  # lowEntropy := AKCpXXXXXXXXXXXXXXXXXXXXXXXXXX
    ("artifactory-reference-token", 0): "benign",  # lowEntropy := cmVmdXXXXXXXXXXXXXXXXXXXXXXXXX
    ("atlassian-api-token", 0): "benign",  # getPagesInConfluenceSpace,searchConfluenceUs
    ("aws-access-token", 0): "benign",  # key = AKIAXXXXXXXXXXXXXXXX
    ("aws-access-token", 2): "benign",  # msgstr "N?yt? asiakirjamallikansio."
    ("aws-access-token", 3): "benign",  # TODAYINASIAASACKOFRICEFELLOVER
    ("aws-access-token", 4): "benign",  # CTTCATAGGGTTCACGCTGTGTAAT-ACG--CCTGAGGC-CACA
    ("aws-amazon-bedrock-api-key-short-lived", 0): "benign",  # bedrock-api-key-
    ("azure-ad-client-secret", 0): "benign",  # ![????????Tomcat & Jetty?](https://p3-juejin
    ("azure-ad-client-secret", 1): "benign",  # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    ("azure-ad-client-secret", 2): "benign",  # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    ("azure-ad-client-secret", 3): "benign",  # .ui.visible.right.sidebar~.ui.visible.left.s
    ("azure-ad-client-secret", 4): "benign",  # buf.WriteString("~~~~~~~~~~~~~~~~~~~~~~~~~~~
    ("azure-ad-client-secret", 5): "benign",  # 'url': 'http://www.2doc.nl/speel~VARA_101375
    ("azure-ad-client-secret", 7): "benign",  # '#!/registries/5/portainer.demo~2Fportainerr
    ("azure-ad-client-secret", 10): "benign",  # client_secret=bP88Q~xxxxxxxxxxxxxxxxxxxxxxxx
    ("beamer-api-token", 0): "benign",  # ? ??? R21A-A-V010SP13RC181024R16900-CN-B_250
    (
        "clickhouse-cloud-api-secret-key",
        0,
    ): "benign",  # key = 4b1dXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX
    (
        "clickhouse-cloud-api-secret-key",
        1,
    ): "secret",  # key = adf4b1dbRdW3rOcB7xLthrM4BTBGK1qPLkHigp
    ("cohere-api-token", 0): "benign",  # CO_API_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
    ("curl-auth-user", 1): "benign",  # curl -sL --user "$1:$2" "$3" > "$4"
    ("curl-auth-user", 2): "benign",  # curl -u <user:password> https://test.com/end
    ("curl-auth-user", 3): "benign",  # curl --user neo4j:[PASSWORD] http://[IP]:747
    ("curl-auth-user", 4): "benign",  # curl -u "myusername" http://localhost:15130/
    ("curl-auth-user", 6): "benign",  # curl -u "${_username}:${_password}"
    ("curl-auth-user", 7): "benign",  # curl -u "${username}":"${password}"
    ("curl-auth-user", 8): "benign",  # curl -k -X POST -I -u "SRVC_JENKINS:${APPID}
    ("curl-auth-user", 9): "benign",  # curl -u ":" https://localhost:9200
    ("curl-auth-user", 10): "benign",  # curl -sw '%{http_code}' -X POST --user '$USE
    ("curl-auth-user", 11): "benign",  # curl --user "xxx:yyy"
    ("curl-auth-user", 12): "benign",  # curl -sL --user "$GITHUB_USERNAME:$GITHUB_PA
    ("curl-auth-user", 13): "benign",  # curl --silent --fail {{- if and $.Values.use
    ("curl-auth-user", 14): "benign",  # curl -XGET -i -u "${{ env.ELK_ID }}:${{ buil
    ("curl-auth-user", 15): "benign",  # curl -XGET -i -u "${{needs.vault.outputs.acc
    ("curl-auth-user", 16): "benign",  # curl -XGET -i -u "${{ steps.vault.outputs.ac
    ("curl-auth-user", 17): "benign",  # curl -X POST --user "$(cat ./login.txt):$(ca
    ("curl-auth-user", 20): "benign",  # curl --silent --insecure --user ${f5user}:${
    ("curl-auth-user", 21): "benign",  # curl --insecure --ssl-reqd "smtps://smtp.gma
    ("curl-auth-user", 22): "benign",  # #HTTP command line test curl -X POST -H "Con
    ("curl-auth-header", 0): "benign",  # curl https://example.com/micropub -d h=entry
    ("curl-auth-header", 1): "benign",  # curl -X POST https://accounts.spotify.com/ap
    ("curl-auth-header", 2): "benign",  # curl / -H "Authorization: Bearer <Openverse
    ("curl-auth-header", 3): "benign",  # curl -v -v -v -X POST https://domain/api/v1/
    ("curl-auth-header", 4): "benign",  # curl -XPOST http://localhost:8080/api/token
    ("curl-auth-header", 5): "benign",  # curl -X GET / -H "apikey: $API_KEY" / -H "Ac
    ("curl-auth-header", 6): "benign",  # $ curl -X POST "http://localhost:8000/v1/cha
    ("curl-auth-header", 7): "benign",  # curl -X GET -H "Content-Type: application/js
    ("curl-auth-header", 8): "secret",  # curl -X POST -H "Content-Type: application/j
    ("discord-client-id", 0): "benign",  # discord=000000000000000000
    ("discord-client-secret", 0): "benign",  # discord=00000000000000000000000000000000
    ("etsy-access-token", 0): "benign",  # if err := sysctl.SetSysctl(sysctlBridgeCallI
    ("etsy-access-token", 2): "benign",  # in XCBuild.XCBBuildServiceSession.setSystemI
    ("facebook-page-access-token", 1): "benign",  # "strict-uri-encode@npm:^2.0.0": version: 2.0
    ("flyio-access-token", 0): "benign",  # resource "doppler_integration_flyio" "prod"
    ("flyio-access-token", 1): "benign",  # pub const MINIDUMP_SYSMEMINFO1_PERF_CCTOTALD
    ("flyio-access-token", 4): "benign",  # <p><span class="emoji">??</span> Adobe illus
    ("gcp-api-key", 2): "benign",  # apiKey: "AIzaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
    ("gcp-api-key", 4): "benign",  # AIzaSyabcdefghijklmnopqrstuvwxyz1234567
    ("generic-api-key", 0): "benign",  # "accessor":"rA1wk0Y45YCufyfq",
    ("generic-api-key", 1): "benign",  # report_access_id: e8e4df51-2054-49b0-ab1c-51
    ("generic-api-key", 2): "benign",  # accessibilityYesOptionId = "0736f5ef-7e88-49
    ("generic-api-key", 3): "benign",  # _RandomAccessIterator> _LIBCPP_CONSTEXPR_AFT
    ("generic-api-key", 4): "benign",  # this.ultraPictureBox1.Name = "ultraPictureBo
    ("generic-api-key", 5): "benign",  # rapidstring:marm64-uwp=fail
    ("generic-api-key", 6): "benign",  # event-bus-message-api:rc0.15.0_20231217_1420
    ("generic-api-key", 7): "benign",  # COMMUNICATION_API_VERSION=rc0.13.0_20230412_
    ("generic-api-key", 8): "benign",  # MantleAPI_version=9a038989604e8da62ecddbe209
    ("generic-api-key", 9): "benign",  # [DEBUG] org.slf4j.slf4j-api:jar:1.7.8.:compi
    ("generic-api-key", 10): "benign",  # [DEBUG] org.neo4j.neo4j-graphdb-api:jar:3.5.
    ("generic-api-key", 11): "benign",  # apiUrl=apigee.corpint.com
    ("generic-api-key", 12): "benign",  # X-API-Name": "NRG0-Hermes-INTERNAL-API",
    ("generic-api-key", 14): "benign",  # X-MS-Exchange-Organization-AuthSource: sm029
    ("generic-api-key", 15): "benign",  # Authentication-Results: 5h.ca.iphmx.com
    ("generic-api-key", 16): "benign",  # withCredentials([usernamePassword(credential
    ("generic-api-key", 17): "benign",  # credentialsId: 'ff083f76-7804-4ef1-80e4-fe97
    ("generic-api-key", 18): "benign",  # jobCredentialsId: 'f4aeb6bc-2a25-458a-8111-9
    ("generic-api-key", 19): "benign",  # "credentialId": "B9mTcFSck2LzJO2S3ols63",
    ("generic-api-key", 20): "benign",  # environment { CREDENTIALS_ID = "K8S_CRED" }
    ("generic-api-key", 21): "benign",  # dev.credentials.url=dev-lb1.api.f4ke.com:521
    ("generic-api-key", 22): "benign",  # keyword: "Befaehigung_P2"
    ("generic-api-key", 23): "benign",  # public_key = "9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfR
    ("generic-api-key", 24): "benign",  # pub const X509_pubkey_st = struct_X509_pubke
    ("generic-api-key", 25): "benign",  # || pIdxKey->default_rc==0
    ("generic-api-key", 26): "benign",  # monkeys-audio:mx64-uwp=fail
    ("generic-api-key", 27): "benign",  # <entry key="jetbrains.mps.v8_elimination" va
    ("generic-api-key", 28): "benign",  # minisat-master-keying:x64-uwp=fail
    ("generic-api-key", 29): "benign",  # IceSSL.KeyFile=s_rsa1024_priv.pem
    ("generic-api-key", 30): "benign",  # "bucket_key": "SalesResults-1.2"
    ("generic-api-key", 31): "benign",  # <key tag="SecurityIdentifier" name="Security
    ("generic-api-key", 32): "benign",  # schemaKey = 'DOC_Vector_5_32'
    ("generic-api-key", 33): "benign",  # sequenceKey = "18"
    ("generic-api-key", 34): "benign",  # app.keystore.file=env/cert.p12
    ("generic-api-key", 35): "benign",  # -DKEYTAB_FILE=/tmp/app.keytab
    ("generic-api-key", 36): "benign",  # doc.Security.KeySize = PdfEncryptionKeySize.
    ("generic-api-key", 37): "benign",  # o.keySelector=n,o.haKey=!1,
    ("generic-api-key", 38): "benign",  # "key_name": "prod5zyxlmy-cmk",
    ("generic-api-key", 39): "benign",  # "kms_key_id": "555ea4a3-d53a-4412-9c66-3a7cb
    ("generic-api-key", 40): "benign",  # "key_vault_name": "web21prqodx24021",
    ("generic-api-key", 41): "benign",  # keyVaultToStoreSecrets: cmp2-qat-1208358310
    ("generic-api-key", 42): "secret",  # ,apiKey:"6fe4476ee5a1832882e326b506d14126",
    ("generic-api-key", 43): "benign",  # const validKeyChars = "0123456789abcdefghijk
    ("generic-api-key", 44): "benign",  # const keyStr = "ABCDEFGHIJKLMNOPQRSTUVWXYZab
    ("generic-api-key", 45): "benign",  # key_length = XSalsa20.key_length
    ("generic-api-key", 46): "benign",  # pub const SN_id_Gost28147_89_None_KeyMeshing
    ("generic-api-key", 47): "benign",  # KeyPair = X25519.KeyPair
    ("generic-api-key", 48): "benign",  # BlindKeySignatures = Ed25519.BlindKeySignatu
    ("generic-api-key", 49): "benign",  # AVEncVideoMaxKeyframeDistance, "2987123a-ba9
    ("generic-api-key", 50): "benign",  # keyPressed = kVK_Return.u16
    ("generic-api-key", 51): "benign",  # timezone_mapping = { "Turkey Standard Time":
    ("generic-api-key", 52): "benign",  # password combination. R5: Regulatory--21
    ("generic-api-key", 54): "benign",  # LLM_SECRET_NAME = "NEXUS-GPT4-API-KEY"
    ("generic-api-key", 55): "benign",  # <UserSecretsId>79a3edd0-2092-40a2-a04d-dcb46
    ("generic-api-key", 56): "benign",  # secret_length = X25519.secret_length
    ("generic-api-key", 57): "benign",  # secretSize must be >= XXH3_SECRET_SIZE_MIN
    ("generic-api-key", 58): "benign",  # # get build time secret for authentication #
    ("generic-api-key", 59): "benign",  # access_token_url='https://github.com/login/o
    ("generic-api-key", 60): "benign",  # publicToken = "9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLf
    ("generic-api-key", 61): "benign",  # <SourceFile SourceLocation="F:/Extracts/" To
    ("generic-api-key", 62): "benign",  # notes = "Maven - io.jsonwebtoken:jjwt-jackso
    ("generic-api-key", 64): "benign",  # clientId = "73082700-1f09-405b-80d0-3131bfd6
    ("generic-api-key", 65): "benign",  # GITHUB_API_KEY= DYNATRACE_API_KEY=
    ("generic-api-key", 66): "benign",  # snowflake.password= jdbc.snowflake.url=
    ("generic-api-key", 67): "benign",  # import { chain_Anvil1_Key, chain_Anvil2_Key
    ("generic-api-key", 68): "benign",  # SRCREV_moby = "43fc912ef59a83054ea7f6706df4d
    ("generic-api-key", 69): "benign",  # LIC_FILES_CHKSUM = "file://${WORKDIR}/licens
    ("github-pat", 0): "benign",  # ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
    ("github-fine-grained-pat", 0): "benign",  # github_pat_xxxxxxxxxxxxxxxxxxxxxx_xxxxxxxxxx
    ("github-oauth", 0): "benign",  # gho_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
    ("github-app-token", 0): "benign",  # ghu_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
    ("github-app-token", 1): "benign",  # ghs_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
    ("github-refresh-token", 0): "benign",  # ghr_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
    ("gitlab-pat", 0): "benign",  # glpat-XXXXXXXXXXX-XXXXXXXX
    ("gitlab-pat-routable", 0): "benign",  # glpat-xxxxxxxx-xxxxxxxxxxxxxxxxxx.xxxxxxxxx
    ("gitlab-ptt", 0): "benign",  # glptt-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
    ("gitlab-rrt", 0): "benign",  # GR134894112312312312312312312
    ("gitlab-rrt", 1): "benign",  # GR1348941XXXXXXXXXXXXXXXXXXXX
    (
        "gitlab-runner-authentication-token-routable",
        0,
    ): "benign",  # glrt-tx_xxxxxxxxxxxxxxxxxxxxxxxxxxx.xxxxxxxx
    ("grafana-cloud-api-token", 0): "benign",  # glc_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
    ("grafana-cloud-api-token", 1): "benign",  # API_KEY="glc_1111111111111111111111111111111
    ("grafana-cloud-api-token", 2): "benign",  # static void GLC_CreateLightmapTextureArray(v
    ("grafana-cloud-api-token", 3): "benign",  # // Alias models void GLC_StateBeginUnderwate
    ("grafana-service-account-token", 0): "benign",  # glsa_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX_AAAAAA
    ("hashicorp-tf-api-token", 0): "benign",  # token = "xxxxxxxxxxxxxx.atlasv1.xxxxxxxxxxxx
    ("vault-service-token", 0): "benign",  # credentials: new AWS.SharedIniFileCredential
    ("vault-service-token", 1): "benign",  # INFO 4 --- [ main] o.s.b.f.s.DefaultListable
    ("vault-service-token", 2): "benign",  # s.xxxxxxxxxxxxxxxxxxxxxxxx
    ("vault-service-token", 3): "benign",  # s.THISSTRINGISALLUPPERCASE
    ("vault-service-token", 4): "benign",  # s.thisstringisalllowercase
    ("vault-service-token", 5): "benign",  # s.AcceptanceTimeoutSeconds
    ("vault-service-token", 6): "benign",  # s.makeKubeConfigController = args
    ("vault-service-token", 7): "benign",  # hvs.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
    ("huggingface-access-token", 0): "benign",  # - (id)hf_requiredCharacteristicTypesForDispl
    ("huggingface-access-token", 1): "benign",  # amazon.de#@#div[data-cel-widget="desktop-rhf
    ("huggingface-access-token", 2): "benign",  # _kHMSymptomhf_generatedByHomeAppForDebugging
    ("huggingface-access-token", 3): "benign",  # #define OSCHF_DebugGetExpectedAverageCrystal
    ("huggingface-access-token", 4): "benign",  # M_UINT (ServingCellPriorityParametersDescrip
    ("huggingface-access-token", 5): "benign",  # +HWI-ST565_0092:4:1101:5508:5860#ACTTGA/1 bb
    ("huggingface-access-token", 6): "benign",  # y{}x|~|}??{~}}~|??~}||?~|??{??|??{}?{|~z{}{{
    ("huggingface-access-token", 7): "benign",  # change_dir(cwd) subdirs = glob.glob('HF_CAAS
    ("huggingface-access-token", 8): "benign",  # os.environ.get("HF_AUTH_TOKEN", "hf_xxxxxxxx
    ("huggingface-access-token", 9): "benign",  # # HuggingFace API Token https://huggingface.
    (
        "huggingface-organization-api-token",
        0,
    ): "benign",  # public static final String API_ORG_EXIST = "
    (
        "huggingface-organization-api-token",
        1,
    ): "benign",  # const api_org_controller = require('../../co
    (
        "huggingface-organization-api-token",
        2,
    ): "benign",  # API_ORG_CREATE("https://qyapi.weixin.qq.com/
    (
        "huggingface-organization-api-token",
        3,
    ): "benign",  # def test_internal_api_org_inclusion_with_hre
    (
        "huggingface-organization-api-token",
        4,
    ): "benign",  # def _api_org_96726c78_4ae3_402f_b08b_7a78c69
    (
        "huggingface-organization-api-token",
        5,
    ): "benign",  # <p>You should see a token <code>hf_xxxxx</co
    (
        "huggingface-organization-api-token",
        6,
    ): "benign",  # From Hugging Face docs: You should see a tok
    ("infracost-api-token", 0): "benign",  # ico-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX
    ("infracost-api-token", 1): "benign",  # http://assets.r7.com/assets/media_box_tv_tre
    ("infracost-api-token", 2): "benign",  # https://explosivelab.notion.site/Pianificazi
    ("jwt-base64", 0): "benign",  # -----BEGIN PGP PUBLIC KEY BLOCK----- Version
    ("mailchimp-api-key", 0): "secret",  # MailchimpSDK.initialize(token: 3012a5754bbd7
    ("cisco-meraki-api-key", 0): "benign",  # meraki: aaaaaaaaaa1111111111bbbbbbbbbb222222
    ("cisco-meraki-api-key", 1): "secret",  # meraki-api-key: acdeFf05b1a6d4c890237bf08c5e
    ("cisco-meraki-api-key", 2): "benign",  # meraki: abdefghjk0123456789mnopqrstuvwx12345
    ("cisco-meraki-api-key", 3): "secret",  # meraki_token = 5cb4a5f04cd412fe946667b17f012
    ("cisco-meraki-api-key", 4): "benign",  # ReactNativeCameraKit: f15a5a04b0f6dc6073e6db
    ("notion-api-token", 0): "benign",  # ntn_12345678901
    ("notion-api-token", 1): "benign",  # ntn_1234567890123456789012345678901234567890
    ("notion-api-token", 2): "benign",  # ntn_12345678901abc
    ("octopus-deploy-api-key", 0): "benign",  # msgstr "GSSAPI-VIRHEKAPSELOINTIMERKKIJONO."
    ("octopus-deploy-api-key", 1): "benign",  # https://sonarcloud.io/api/project_badges/mea
    ("octopus-deploy-api-key", 2): "benign",  # https://fog-ringer-f42.notion.site/API-BD80F
    ("octopus-deploy-api-key", 3): "benign",  # <iframe src="./archive/gifs/api-c99e353f761d
    ("okta-access-token", 0): "benign",  # oktaKey = 0000000000000000000000000000000000
    ("okta-access-token", 1): "benign",  # rookTable = 0023452Lllk2KqjLBvaxANWEgTd7bqjs
    ("openshift-user-token", 0): "benign",  # --set kraken.kubeconfig.token.token="sha256~
    ("openshift-user-token", 1): "benign",  # oc login --token=sha256~_xxxxxx_xxxxxxxxxxxx
    ("perplexity-api-key", 0): "benign",  # PERPLEXITY_API_KEY=pplx-xxxxxxxxxxxxxxxxxxxx
    ("prefect-api-token", 0): "benign",  # PREFECT_API_KEY = "pnu_XXXXXXXXXXXXXXXXXXXXX
    ("privateai-api-token", 0): "benign",  # const privateaiToken = "aaaaaaaaaaaaaaaaaaaa
    ("private-key", 0): "benign",  # -----BEGIN PRIVATE KEY----- anything -----EN
    ("private-key", 1): "benign",  # -----BEGIN OPENSSH PRIVATE KEY----------END
    ("pulumi-api-token", 0): "benign",  # <img src="./assets/vipul-f0eb1acf0da84c06a50
    ("readme-api-token", 0): "benign",  # const API_KEY = 'rdme_XXXXXXXXXXXXXXXXXXXXXX
    ("slack-bot-token", 0): "benign",  # xoxb-xxxxxxxxx-xxxxxxxxxx-xxxxxxxxxxxx
    ("slack-bot-token", 1): "benign",  # xoxb-xxx
    ("slack-bot-token", 2): "benign",  # xoxb-12345-abcd234
    ("slack-bot-token", 3): "benign",  # xoxb-xoxb-my-bot-token
    ("slack-user-token", 0): "benign",  # https://docs.google.com/document/d/1W7KCxOxP
    ("slack-user-token", 1): "benign",  # "token1": "xoxp-1234567890"
    ("slack-user-token", 2): "benign",  # "token2": "xoxp-XXXXXXXXXX-XXXXXXXXXX-XXXXXX
    ("slack-user-token", 4): "benign",  # "token4": "xoxp-572370529330-573807301142-57
    ("slack-config-access-token", 0): "benign",  # xoxe.xoxp-1-SlackAppConfigurationAccessToken
    ("slack-config-access-token", 1): "benign",  # xoxe.xoxp-1-RANDOMSTRINGHERE
    ("slack-config-access-token", 2): "benign",  # xoxe.xoxp-1-initial
    ("slack-config-refresh-token", 0): "benign",  # xoxe-1-xxx
    ("slack-config-refresh-token", 1): "benign",  # XOxE-RROAmw, Home and Garden, 5:24, 20120323
    ("slack-legacy-bot-token", 0): "benign",  # xoxb-xxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx
    ("slack-legacy-bot-token", 1): "benign",  # xoxb-Slack_BOT_TOKEN
    ("slack-legacy-bot-token", 2): "benign",  # xoxb-abcdef-abcdef
    ("slack-legacy-workspace-token", 0): "benign",  # https://github.com/xoxa-nyc/xoxa-nyc.github.
    ("slack-legacy-token", 0): "benign",  # https://indieweb.org/images/3/35/2018-250-xo
    ("slack-legacy-token", 1): "benign",  # https://lh3.googleusercontent.com/-tWXjX3LUD
    ("sourcegraph-access-token", 0): "benign",  # sgp_5555555dAAAAA7777777CcccCFaaaaaaaaaaaaaa
    ("square-access-token", 0): "benign",  # aws-cli@sha256:eaaa7b11777babe28e6133a8b19ff
    ("sumologic-access-id", 0): "benign",  # - (NSNumber *)sumOfProperty:(NSString *)prop
    ("sumologic-access-id", 1): "benign",  # - (NSInteger)sumOfValuesInRange:(NSRange)ran
    ("sumologic-access-id", 2): "benign",  # + (unsigned char)byteChecksumOfData:(id)arg1
    ("sumologic-access-id", 3): "benign",  # sumOfExposures = sumOfExposures;
    ("sumologic-access-id", 4): "benign",  # .si-sumologic.si--color::before { color: #00
    ("sumologic-access-id", 5): "benign",  # /// Based on the SumoLogic keyword syntax:
    ("sumologic-access-id", 6): "benign",  # sumologic_access_id = ""
    ("sumologic-access-id", 7): "benign",  # SUMOLOGIC_ACCESSID: ${SUMOLOGIC_ACCESSID}
    ("sumologic-access-id", 8): "benign",  # export SUMOLOGIC_ACCESSID=XXXXXXXXXXXXXX
    ("sumologic-access-id", 9): "benign",  # sumObj = suGyI5imvADdvU
    ("sumologic-access-token", 0): "benign",  # # SUMO_ACCESS_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxx
    ("sumologic-access-token", 1): "benign",  # -e SUMO_ACCESS_KEY=`etcdctl get /sumologic_s
    ("sumologic-access-token", 2): "benign",  # SUMO_ACCESS_KEY={SumoAccessKey}
    ("sumologic-access-token", 3): "benign",  # SUMO_ACCESS_KEY=${SUMO_ACCESS_KEY:=$2}
    ("sumologic-access-token", 4): "benign",  # sumo_access_key = "<SUMOLOGIC ACCESS KEY>"
}


def _go_string(literal: str) -> str:
    if literal.startswith("`"):
        return literal[1:-1]
    return str(ast.literal_eval(literal))  # Go's escapes in "…" are Python's for these files


def _statement(src: str, start: int) -> str:
    """From ``start`` to the end of the Go statement: the first newline outside brackets,
    strings and comments."""
    depth, i = 0, start
    while i < len(src):
        c = src[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == '"':
            i += 1
            while src[i] != '"':
                i += 2 if src[i] == "\\" else 1
        elif c == "`":
            i = src.index("`", i + 1)
        elif src.startswith("//", i):
            i = src.index("\n", i) - 1
        elif c == "\n" and depth <= 0:
            break
        i += 1
    return src[start:i]


def _elements(statement: str) -> Iterator[str]:
    """The elements of the bracket ``statement`` opens with (a call's arguments, a
    ``[]string{…}``'s strings), to where it closes, comments removed."""
    depth, current, i = 0, [], 0
    while i < len(statement):
        c = statement[i]
        if statement.startswith("//", i):
            i = statement.find("\n", i)
            i = len(statement) if i < 0 else i
            continue
        if c in '"`':
            end = _LITERAL.match(statement, i)
            assert end is not None, statement[i : i + 80]
            if depth == 1:
                current.append(end.group())
            i = end.end()
            continue
        if c in "([{":
            depth += 1
            if depth == 1:
                current = []
                i += 1
                continue
        elif c in ")]}":
            if depth == 1:
                yield "".join(current).strip()
                return
            depth -= 1
        elif c == "," and depth == 1:
            yield "".join(current).strip()
            current = []
            i += 1
            continue
        if depth >= 1:
            current.append(c)
        i += 1


def _joined_literals(element: str) -> str | None:
    parts = [
        p.strip() for p in re.split(r"\+(?=(?:[^\"`]|\"(?:[^\"\\]|\\.)*\"|`[^`]*`)*$)", element)
    ]
    if parts and all(_LITERAL.fullmatch(p) for p in parts):
        return "".join(_go_string(p) for p in parts)
    return None


def _samples(root: Path) -> list[str]:
    src = (root / "cmd/generate/config/utils/generate.go").read_text(encoding="utf-8")
    body = src[src.index("func GenerateSampleSecrets") :]
    body = body[: body.index("replacer :=")]
    return [_go_string(m.group(1)) for m in _SAMPLE_LINE.finditer(body)]


def _rules(root: Path) -> Iterator[tuple[str, str]]:
    """(rule id, the source of the function that defines it), file by file."""
    for path in sorted((root / "cmd/generate/config/rules").glob("*.go")):
        src = path.read_text(encoding="utf-8")
        starts = [m.start() for m in _FUNC.finditer(src)] + [len(src)]
        for start, end in pairwise(starts):
            rule = _RULE_ID.search(src, start, end)
            if rule is not None:
                yield rule[1], src[start:end]


def _statements(func: str, name: str) -> Iterator[str]:
    for found in re.finditer(rf"\b{name}\s*:?=\s*", func):
        yield _statement(func, found.end())


def _literals(statement: str) -> Iterator[str]:
    """The string literals a statement lists: in ``[]string{…}``, or as ``append``'s
    arguments after the list it extends."""
    lists = [statement[m.end() - 1 :] for m in re.finditer(r"\[\]string\{", statement)]
    if statement.startswith("append("):
        lists.append(statement[len("append") :])
    for listed in lists:
        for position, element in enumerate(_elements(listed)):
            text = _joined_literals(element)
            if listed.startswith("(") and position == 0:
                continue  # append's first argument: the list it extends
            if text is not None and text.strip():
                yield text.strip()


def _true_positives(root: Path) -> Iterator[tuple[str, str]]:
    samples = _samples(root)
    for rule_id, func in _rules(root):
        for statement in _statements(func, "tps"):
            for call in _SAMPLE_CALL.finditer(statement):
                identifier, secret = _go_string(f'"{call[1]}"'), _go_string(call[2])
                sample = samples[_stable(secret) % len(samples)]
                yield (
                    rule_id,
                    (
                        sample.replace("{i}", identifier)
                        .replace("{I}", identifier.upper())
                        .replace("{s}", secret)
                    ),
                )
            for text in _literals(statement):
                yield rule_id, text


def gitleaks_cases(root: Path, others: tuple[Path, Path]) -> Iterator[dict[str, Any]]:
    taken = {
        example
        for other, pattern in zip(
            others,
            ("crates/noseyparker/data/default/builtin/rules/*.yml", "data/rules/*.yml"),
            strict=True,
        )
        for _, example in _rule_examples(other, pattern)
    }
    per_rule: Counter[str] = Counter()
    seen: set[str] = set()
    for rule_id, value in _true_positives(root):
        if value in seen or value in taken or any(value in example for example in taken):
            continue
        seen.add(value)
        if per_rule[rule_id] >= PER_RULE:
            continue
        key = f"gitleaks:{rule_id}:{hashlib.sha256(value.encode()).hexdigest()[:12]}"
        case = secret_case(key, "secret", f"gitleaks rule true positives ({rule_id})", value)
        if case is None:
            continue
        per_rule[rule_id] += 1
        yield case


def fps_cases(root: Path) -> Iterator[dict[str, Any]]:
    seen: set[str] = set()
    for rule_id, func in _rules(root):
        listed = (text for statement in _statements(func, "fps") for text in _literals(statement))
        for position, value in enumerate(listed):
            label = FPS_LABELS.get((rule_id, position))
            if label is None or value in seen:
                continue
            seen.add(value)
            key = f"gitleaks-fps:{rule_id}:{hashlib.sha256(value.encode()).hexdigest()[:12]}"
            source = f"gitleaks rule false positives ({rule_id}), labelled by us"
            case = secret_case(key, label, source, value)
            if case is not None:
                yield case


def main(gitleaks: Path, noseyparker: Path, kingfisher: Path) -> None:
    write_split(gitleaks_cases(gitleaks, (noseyparker, kingfisher)), "gitleaks")
    write_split(fps_cases(gitleaks), "gitleaks_fps")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
