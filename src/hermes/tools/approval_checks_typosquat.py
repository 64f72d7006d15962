"""Package installs whose name is one typo away from a popular package: `pip install reqeusts`,
`npm install lodahs`. Typosquatted packages run their install scripts with the user's rights, and a
model that misspells a name installs them as readily as the real one.

One typo: one letter added, dropped, changed, or two neighbours swapped (Damerau distance 1), on
names of 5 or more letters. Real packages that sit one typo from another (scipy and scapy, psycopg
and psycopg2, react and preact) are listed, so installing either is ordinary.
"""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import Ctx, _on
from hermes.tools.approval_checks_infra import _ops

PYPI = frozenset("""
requests numpy pandas scipy scapy matplotlib seaborn django flask fastapi uvicorn gunicorn starlette
pydantic sqlalchemy alembic psycopg psycopg2 psycopg2-binary pymysql mysqlclient pymongo redis celery
boto3 botocore awscli urllib3 certifi charset-normalizer idna setuptools wheel virtualenv pipenv poetry
pytest pytest-cov pytest-mock pytest-asyncio tox nox coverage mypy black isort flake8 pylint ruff
jinja2 markupsafe werkzeug itsdangerous click typer rich colorama tqdm pyyaml toml tomli tomlkit
python-dotenv dotenv httpx aiohttp httpcore anyio sniffio trio websockets websocket-client paramiko
cryptography pyopenssl pycryptodome bcrypt passlib pyjwt oauthlib requests-oauthlib pillow opencv-python
scikit-learn scikit-image sklearn tensorflow keras torch torchvision torchaudio transformers tokenizers
datasets accelerate sentencepiece safetensors huggingface-hub openai anthropic langchain llama-index
tiktoken nltk spacy gensim networkx sympy simpy statsmodels xgboost lightgbm catboost plotly bokeh
dash streamlit gradio jupyter notebook jupyterlab ipython ipykernel beautifulsoup4 lxml html5lib
selenium playwright scrapy pyppeteer docker kubernetes ansible fabric invoke pexpect psutil pywin32
six attrs decorator wrapt cffi pycparser protobuf grpcio googleapis-common-protos google-cloud-storage
google-auth azure-storage-blob azure-identity pyarrow polars duckdb openpyxl xlrd xlsxwriter
python-dateutil pytz tzdata arrow pendulum marshmallow orjson ujson simplejson msgpack cython numba
llvmlite pyzmq tornado twisted gevent eventlet greenlet uvloop typing-extensions packaging pyparsing
filelock platformdirs markdown mistune pygments docutils sphinx mkdocs mkdocs-material jsonschema
pytest-xdist hypothesis faker factory-boy mock responses freezegun sentry-sdk loguru structlog
prometheus-client opentelemetry-api pika kombu confluent-kafka kafka-python elasticsearch pysftp
""".split())

NPM = frozenset("""
react react-dom preact vue svelte angular next nuxt express koa fastify hapi nest lodash underscore
ramda axios request requests node-fetch got superagent moment dayjs luxon date-fns chalk debug
commander yargs inquirer minimist dotenv dotenvx webpack rollup esbuild vite vitest parcel babel
typescript tslint eslint prettier jest mocha chai sinon cypress playwright puppeteer mongoose
sequelize prisma typeorm knex redis ioredis socket.io socket.io-client uuid nanoid classnames
styled-components emotion tailwindcss postcss autoprefixer sass less nodemon concurrently
cross-env rimraf mkdirp glob minimatch semver async bluebird rxjs redux react-redux zustand mobx
immer formik zod yup joi ajv jsonwebtoken bcrypt bcryptjs passport helmet cors body-parser
cookie-parser morgan winston pino bunyan express-session multer sharp jimp cheerio jsdom marked
markdown-it highlight.js three d3 chart.js echarts electron react-native expo graphql apollo-server
apollo-client firebase firebase-admin aws-sdk stripe openai anthropic langchain discord.js
telegraf twilio nodemailer handlebars ejs pug mustache yaml js-yaml xml2js csv-parse papaparse
""".split())

_INSTALL = {"pip": ("install",), "pip3": ("install",), "pipx": ("install", "run"), "uv": ("add", "install"),
            "poetry": ("add",), "pdm": ("add",), "npm": ("install", "i", "add"), "pnpm": ("add", "install", "i"),
            "yarn": ("add",), "bun": ("add", "install", "i"), "npx": ()}
_VALUED = frozenset("-r --requirement -c --constraint -e --editable -i --index-url --extra-index-url -t --target "
                    "--prefix --root -f --find-links --registry --cache --tag --python -p".split())


def one_typo(a: str, b: str) -> bool:
    """a and b differ by one insertion, deletion, substitution or swap of neighbours."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [k for k in range(len(a)) if a[k] != b[k]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:k] + long_[k + 1:] == short for k in range(len(long_)))


def squatted(name: str, popular: frozenset[str]) -> str | None:
    """The popular package `name` is one typo away from, if it is not itself one."""
    n = re.split(r"[<>=!~\[;@ ]", name.strip().lower().replace("_", "-"), maxsplit=1)[0]
    if len(n) < 5 or n in popular or "/" in n or n.startswith((".", "-")):
        return None
    return next((p for p in popular if len(p) >= 5 and one_typo(n, p)), None)


@_on(*_INSTALL)
def _typosquat(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    verbs = _INSTALL[name]
    ops = _ops(args, _VALUED)
    if name == "uv" and ops[:1] == ["pip"]:
        ops = ops[1:]
    if verbs and (not ops or ops[0] not in verbs):
        return
    packages = ops[1:] if verbs else ops[:1]
    popular = PYPI if name in ("pip", "pip3", "pipx", "uv", "poetry", "pdm") else NPM
    if any(squatted(p, popular) for p in packages):
        yield "typosquat"
