"""The scorepad's text catalogue: English and French, ready for more.

A message is its English text (``_("New game")``); each other language is a dict from that text
to its translation, in :data:`CATALOGUES`. A missing translation falls back to English, so a
variant's own labels (record fields, error reasons) show as the variant wrote them unless a
translation is listed here. To add a language: add its dict and its name in :data:`LANGUAGES`.

The language is the user's choice (stored in the session by the switch), else the best match of
``Accept-Language``, else English.
"""

from __future__ import annotations

from typing import Any

from flask import Request, session

__all__ = ["CATALOGUES", "LANGUAGES", "gettext", "pick_language"]

LANGUAGES = {"en": "English", "fr": "Français"}

FR: dict[str, str] = {
    # layout, home
    "Scorepad": "Feuille de marque",
    "Skip to content": "Aller au contenu",
    "Language": "Langue",
    "New game": "Nouvelle partie",
    "Your games": "Vos parties",
    "No game yet on this device.": "Aucune partie sur cet appareil pour l'instant.",
    "Resume": "Reprendre",
    "Live": "En direct",
    "over": "terminée",
    "deals": "donnes",
    "Installed variants": "Variantes installées",
    "No variant is installed.": "Aucune variante n'est installée.",
    # new game
    "Variant": "Variante",
    "Preset": "Règles",
    "House rules": "Règles maison",
    "Leave as the preset says unless your table plays otherwise.":
        "Laissez les valeurs des règles choisies sauf si votre table joue autrement.",
    "default": "par défaut",
    "Team names": "Noms des équipes",
    "Target": "Objectif",
    "First dealer": "Premier donneur",
    "Start the game": "Commencer la partie",
    "Choose": "Choisir",
    "yes": "oui",
    "no": "non",
    # game page
    "Score sheet": "Feuille de marque",
    "Deal": "Donne",
    "Dealer": "Donneur",
    "Total": "Total",
    "Totals": "Totaux",
    "Pot": "Pot",
    "Carried to the next deal": "Reporté à la donne suivante",
    "No deal yet.": "Aucune donne pour l'instant.",
    "Record deal %(number)s": "Noter la donne %(number)s",
    "Deal %(number)s, dealt by %(dealer)s": "Donne %(number)s, donneur %(dealer)s",
    "Edit deal %(number)s": "Modifier la donne %(number)s",
    "Save deal": "Enregistrer la donne",
    "Save changes": "Enregistrer les modifications",
    "Cancel": "Annuler",
    "Edit": "Modifier",
    "Undo the last deal": "Annuler la dernière donne",
    "Delete this deal": "Supprimer cette donne",
    "Add one": "Ajouter",
    "Remove": "Retirer",
    "none": "aucun",
    "Preview": "Aperçu",
    "Fill in the deal to see its score.": "Remplissez la donne pour voir son score.",
    "Saved deal %(number)s:": "Donne %(number)s enregistrée :",
    "Deal %(number)s removed.": "Donne %(number)s supprimée.",
    "Deal %(number)s changed; the totals after it are recomputed.":
        "Donne %(number)s modifiée ; les totaux suivants sont recalculés.",
    "The match is over.": "La partie est terminée.",
    "%(team)s win!": "%(team)s gagnent !",
    "A draw.": "Match nul.",
    "Target: %(target)s": "Objectif : %(target)s",
    "Rules": "Règles",
    "made": "faite",
    "failed": "chutée",
    "Share": "Partager",
    "Scan to follow the score live:": "Scannez pour suivre le score en direct :",
    "Live page": "Page en direct",
    "Edit link (secret: anyone with it can change the score)":
        "Lien d'édition (secret : qui l'a peut modifier le score)",
    "Give this link to a second phone that keeps the score too.":
        "Donnez ce lien à un deuxième téléphone qui tient aussi la marque.",
    "Only a loopback address is known: other phones cannot open this link. Start the scorepad "
    "with --host 0.0.0.0 and --public-url, or open it by the machine's network address.":
        "Seule une adresse locale est connue : les autres téléphones ne pourront pas ouvrir ce "
        "lien. Lancez la feuille avec --host 0.0.0.0 et --public-url, ou ouvrez-la par "
        "l'adresse réseau de la machine.",
    "Export": "Exporter",
    "Updates by itself.": "Se met à jour tout seul.",
    "Final score.": "Score final.",
    "Read only.": "Lecture seule.",
    "Problem with a stored deal": "Problème avec une donne enregistrée",
    # errors
    "Error": "Erreur",
    "Page not found.": "Page introuvable.",
    "This game does not exist (or its link is mistyped).":
        "Cette partie n'existe pas (ou son lien est mal recopié).",
    "You need the edit link of this game to change it.":
        "Il faut le lien d'édition de cette partie pour la modifier.",
    "This edit link is not valid.": "Ce lien d'édition n'est pas valide.",
    "The form expired; please try again.": "Le formulaire a expiré ; réessayez.",
    "Something went wrong on our side. Nothing you entered was lost before this deal.":
        "Un problème est survenu de notre côté. Rien de ce qui était enregistré n'est perdu.",
    "Back to the start": "Retour à l'accueil",
    "Please correct the deal:": "Corrigez la donne :",
    "Someone else recorded a deal meanwhile; check the sheet and save again.":
        "Quelqu'un d'autre a noté une donne entre-temps ; vérifiez la feuille et "
        "enregistrez de nouveau.",
    "The variant of this game is not installed.":
        "La variante de cette partie n'est pas installée.",
    "Too many requests.": "Trop de requêtes.",
    # common record labels (variants write them in English)
    "Taker": "Preneur",
    "Takers": "Preneurs",
    "Bid": "Enchère",
    "Trump": "Atout",
    "Contract": "Contrat",
    "Taker points": "Points du preneur",
    "Takers' card points": "Points des preneurs",
    "Top card": "Carte haute",
    "Length": "Longueur",
    "Takers' points": "Points des preneurs",
    "Capot": "Capot",
    "Belote-rebelote": "Belote-rebelote",
    "Announcements": "Annonces",
    "Team": "Équipe",
    "Kind": "Type",
    "High card": "Carte haute",
    "Rank": "Rang",
    "Thrown in": "Donne passée",
    "All passed": "Tous passent",
    "Taking round": "Tour de prise",
    "Turned-up card": "Carte retournée",
    "Declarer": "Déclarant",
    "Declarers' card points": "Points des déclarants",
    "Doubling": "Contre",
    "Valat (all tricks)": "Valat (tous les plis)",
    "Declarations": "Annonces",
    "Declaration": "Annonce",
    "Cards in sequence": "Cartes de la suite",
    "Belots": "Belotes",
    "Called by": "Appelé par",
    "Caller's card points": "Points de l'équipe qui appelle",
    "Opponents' card points": "Points des adversaires",
    "Stiglja (all tricks)": "Stiglja (tous les plis)",
    "Belot (8 cards of a suit)": "Belot (8 cartes d'une couleur)",
    "Seat": "Place",
    "Bet": "Pari",
    "NS card points": "Points de NS",
    "EW card points": "Points de EO",
    "Dead hand points": "Points de la main morte",
    "Cantes": "Chants",
    "Pair": "Paire",
    "Suit": "Couleur",
    "Declarer's tricks": "Plis du déclarant",
    # common choice labels of record fields
    "spades": "pique",
    "hearts": "cœur",
    "diamonds": "carreau",
    "clubs": "trèfle",
    "Spades": "Pique",
    "Hearts": "Cœur",
    "Diamonds": "Carreau",
    "Clubs": "Trèfle",
    "no trumps": "sans atout",
    "all trumps": "tout atout",
    "No trumps": "Sans atout",
    "All trumps": "Tout atout",
    "None": "Aucun",
    "nobody": "personne",
    "1: took the turned-up card": "1 : a pris la retourne",
    "2: named a suit": "2 : a nommé une couleur",
    "No bet (1)": "Sans pari (1)",
    "carre": "carré",
    # common help lines of record fields
    "the team that won the auction": "l'équipe qui a remporté les enchères",
    "the team that took": "l'équipe qui a pris",
    "the team that took all eight tricks": "l'équipe qui a fait tous les plis",
    "the contract's number, or capot (all 8 tricks)":
        "la valeur du contrat, ou capot (les 8 plis)",
    "all four passed: no score, the next dealer deals":
        "les quatre ont passé : pas de score, le donneur suivant distribue",
    "last trick included (the defenders have the rest of 162); needed unless a team took "
    "every trick":
        "dix de der compris (la défense a le reste de 162) ; à donner sauf si une équipe a "
        "fait tous les plis",
    "last trick included; the defenders have the rest of 162; may be left out on a capot":
        "dix de der compris ; la défense a le reste de 162 ; facultatif sur un capot",
    "one entry per belote (all trumps: one per suit)":
        "une par belote (tout atout : une par couleur)",
    "one entry per belote scored (all trumps: one per suit)":
        "une par belote marquée (tout atout : une par couleur)",
    "what each team declared; only the team with the best one scores":
        "ce que chaque équipe a annoncé ; seule l'équipe qui a la meilleure annonce marque",
    "the highest card of the sequence": "la plus haute carte de la suite",
    "a run of 6 to 8 cards counts as a quinte": "une suite de 6 à 8 cartes compte comme une quinte",
    "optional": "facultatif",
    "optional; checked against the round and the trump":
        "facultatif ; vérifié avec le tour et l'atout",
    "all four passed twice: nobody took, the next dealer deals":
        "les quatre ont passé deux fois : personne n'a pris, le donneur suivant distribue",
    "all four passed: no contract, the next dealer deals":
        "les quatre ont passé : pas de contrat, le donneur suivant distribue",
    "the seat (or team) that bid the contract": "la place (ou l'équipe) qui a annoncé le contrat",
    "last trick included: out of 162, 130 in no trumps (not doubled), 258 in all trumps":
        "dix de der compris : sur 162, 130 à sans atout (sans contre), 258 à tout atout",
    "everything each team declared; the comparison decides what counts":
        "tout ce que chaque équipe a annoncé ; la comparaison décide ce qui compte",
    "Tierce (3 in sequence, 20)": "Tierce (3 à la suite, 20)",
    "Quarte (4 in sequence, 50)": "Quarte (4 à la suite, 50)",
    "Quinte (5 or more in sequence, 100)": "Quinte (5 ou plus à la suite, 100)",
    "Carré (four of a rank)": "Carré (quatre cartes de même rang)",
    "one entry per belot (K+Q of trump) declared in play":
        "une par belote (R+D d'atout) annoncée en jouant",
    "The suit called; needed only when it decides a tie between declarations.":
        "La couleur appelée ; utile seulement si elle départage des annonces.",
    "The seat that called trump.": "La place qui a appelé l'atout.",
    "Card points of the caller's team, last trick included (the others have 162 minus this); "
    "may be left out after a stiglja.":
        "Points de l'équipe qui appelle, dix de der compris (les autres ont 162 moins ces "
        "points) ; facultatif après une stiglja.",
    "Instead of the caller's card points: those of the other team.":
        "À la place des points de l'équipe qui appelle : ceux de l'autre équipe.",
    "The team that took every trick: 162 + 90 = 252.":
        "L'équipe qui a fait tous les plis : 162 + 90 = 252.",
    "Every sequence and carre declared; only the team with the best one scores.":
        "Chaque suite et carré annoncés ; seule l'équipe qui a la meilleure annonce marque.",
    "sixte": "sixte",
    "septieme": "septième",
    "Only when two equal sequences must be told apart.":
        "Seulement pour départager deux suites égales.",
    "A team that held all eight cards of a suit wins the game.":
        "Une équipe qui a eu les huit cartes d'une couleur gagne la partie.",
    "Only when equal sequences are told apart by seat; by default the match's dealer of this "
    "deal.":
        "Seulement quand des suites égales se départagent par la place ; par défaut le "
        "donneur de cette donne.",
    "the highest bet of the hand; a hand nobody bet on is worth 1":
        "le plus haut pari de la main ; une main sans pari vaut 1",
    "Solo (2)": "Solo (2)",
    "Quintola (5)": "Quintola (5)",
    "the player who made the bet; his partner sat out":
        "le joueur qui a parié ; son partenaire n'a pas joué",
    "the suit of the dealer's last card; needed when cantes are sung (40 in trumps)":
        "la couleur de la dernière carte du donneur ; utile quand on chante (40 en atout)",
    "with the 10 of the last trick, cantes apart; in a no-bet hand the other pair has the rest "
    "of 130":
        "avec les 10 du dernier pli, sans les chants ; dans une main sans pari l'autre paire a "
        "le reste de 130",
    "in a solo, give both pairs or the dead hand":
        "en solo, donnez les deux paires ou la main morte",
    "card points of the sitting-out partner's five cards; checks the total":
        "points des cinq cartes du partenaire qui ne joue pas ; vérifie le total",
    "knight and king of a suit: 20, or 40 in trumps; in the order sung":
        "cavalier et roi d'une couleur : 20, ou 40 en atout ; dans l'ordre chanté",
    "a misdeal: the hand is not scored": "maldonne : la main ne compte pas",
    # the scorepad's additions to the deal form and the sheet
    "The other team: %(points)s": "L'autre équipe : %(points)s",
    "Dealer: %(seat)s": "Donneur : %(seat)s",
    "is missing": "manque",
    "1 deal": "1 donne",
    # the table (issue 8): players, sheet, live page, match end, rules page
    "%(name)s deals": "%(name)s donne",
    "Deal %(number)s": "Donne %(number)s",
    "Delete the game": "Supprimer la partie",
    "Large view for a TV": "Grand affichage pour une télé",
    "Left blank: the players' names (Anne & Paul), else NS and EW.":
        "Laissé vide : les noms des joueurs (Anne & Paul), sinon NS et EW.",
    "Names saved.": "Noms enregistrés.",
    "Normal view": "Affichage normal",
    "Option": "Option",
    "Options": "Options",
    "Options and their value in each rule set": "Les options et leur valeur dans chaque règle",
    "Player %(seat)s": "Joueur %(seat)s",
    "Players (optional), as they sit": "Joueurs (facultatif), comme ils sont assis",
    "Players and teams": "Joueurs et équipes",
    "Redo": "Rétablir",
    "Rematch": "Revanche",
    "Rematch or delete": "Revanche ou suppression",
    "Rematch: same players, teams and rules": "Revanche : mêmes joueurs, équipes et règles",
    "Rule sets": "Règles proposées",
    "Running totals: %(ns)s %(a)s, %(ew)s %(b)s after %(n)s deals":
        "Totaux : %(ns)s %(a)s, %(ew)s %(b)s après %(n)s donnes",
    "Save names": "Enregistrer les noms",
    "Score sheet, newest deal first": "Feuille de marque, dernière donne en haut",
    "Seat %(seat)s": "Place %(seat)s",
    "Share the result": "Partager le résultat",
    "Source": "Source",
    "Sources": "Sources",
    "Team %(team)s": "Équipe %(team)s",
    "The deal could not be recorded again: %(reason)s":
        "La donne n'a pas pu être notée de nouveau : %(reason)s",
    "The game was deleted.": "La partie a été supprimée.",
    "The result, to copy and send:": "Le résultat, à copier et envoyer :",
    "This game was deleted.": "Cette partie a été supprimée.",
    "Undo": "Annuler",
    "Undo deal %(number)s": "Annuler la donne %(number)s",
    "What each team did": "Ce que chaque équipe a fait",
    "With this change the match ends at deal %(ended)s. Save it and remove deals %(first)s "
    "to %(last)s?": "Avec cette modification la partie se termine à la donne %(ended)s. "
    "L'enregistrer et supprimer les donnes %(first)s à %(last)s ?",
    "Yes, delete this game and its score for everyone":
        "Oui, supprimer cette partie et son score pour tout le monde",
    "deals first": "donne en premier",
    "this game": "cette partie",
    "More": "Plus",
    "The score of a card table, on every phone.":
        "Le score d'une table de cartes, sur chaque téléphone.",
    "All the rules and their sources": "Toutes les règles et leurs sources",
    "Points to win, from %(low)s to %(high)s.": "Points à atteindre, de %(low)s à %(high)s.",
    "Points to win.": "Points à atteindre.",
    "As the rules say": "Comme le disent les règles",
    "in play": "en cours",
    "Delete": "Supprimer",
    "Save and remove deals %(first)s to %(last)s":
        "Enregistrer et supprimer les donnes %(first)s à %(last)s",
    # the play table (scorepad/views/play.py, templates/play/)
    "Auction": "Enchères",
    "Bid: choose the level": "Annonce : choisissez le niveau",
    "Calls so far": "Annonces faites",
    'Computer players': "Joueurs de l'ordinateur",
    "Game": "Partie",
    "Hint": "Conseil",
    "Last trick": "Dernier pli",
    "Match over": "Partie terminée",
    "Next deal": "Donne suivante",
    "Opponents": "Adversaires",
    'Play against the computer': "Jouer contre l'ordinateur",
    "Practice: I may take back my last card": "Entraînement : je peux reprendre ma dernière carte",
    "Take back my card": "Reprendre ma carte",
    "That move was already made (or the page was old): here is the table now.":
        "Ce coup a déjà été joué (ou la page était ancienne) : voici la table maintenant.",
    'The computer would play': "L'ordinateur jouerait",
    "The deal is over.": "La donne est finie.",
    "The table": "La table",
    "Thrown in: nobody took": "Donne annulée : personne n’a pris",
    "You & partner": "Vous et partenaire",
    "You sit South with a computer partner against two computer players.":
        "Vous êtes Sud, avec un partenaire joué par l'ordinateur, contre deux joueurs de "
        "l'ordinateur.",
    "Your call": "Votre annonce",
    "Your call.": "À vous d’annoncer.",
    "Your card": "Votre carte",
    "Your hand": "Votre main",
    'choose the trump': "choisissez l'atout",
    "dealer": "donneur",
    "dealt by": "donnée par",
    "pot": "pot",
    "sits out": "ne joue pas",
    "strongest": "le plus fort",
    "taker": "preneur",
    "tricks": "plis",
    "leads": "entame",
    "You may call now, out of turn, or let them go on.":
        "Vous pouvez annoncer maintenant, hors de votre tour, ou les laisser continuer.",
    "Go on": "Continuer",
    "This game's link": "Le lien de cette partie",
    "Keep it to come back to this game later, on any device.":
        "Gardez-le pour revenir à cette partie plus tard, sur n'importe quel appareil.",
    "turned up": "retournée",
    'won it': "l'a remporté",
    "you may play it": "vous pouvez la jouer",
    "you win!": "vous gagnez !",
    "your opponents win.": "vos adversaires gagnent.",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": {}, "fr": FR}


def gettext(lang: str, message: str, **values: Any) -> str:
    """``message`` translated into ``lang``, with ``%(name)s`` placeholders filled in."""
    text = CATALOGUES.get(lang, {}).get(message, message)
    return text % values if values else text


def pick_language(request: Request) -> str:
    """The session's chosen language, else the browser's best match, else English."""
    chosen = session.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES), default="en") or "en"
